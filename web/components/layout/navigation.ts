import {
  AppsIcon,
  DashboardIcon,
  InsightsIcon,
  MailIcon,
  QuestionsIcon,
  ReviewsIcon,
  SessionsIcon,
  SettingsIcon,
  WidgetIcon,
} from '../icons';

export const NAV_ITEMS = [
  { href: '/', labelKey: 'nav.dashboard', Icon: DashboardIcon },
  { href: '/insights', labelKey: 'nav.insights', Icon: InsightsIcon },
  { href: '/reviews', labelKey: 'nav.reviews', Icon: ReviewsIcon },
  { href: '/questions', labelKey: 'nav.questions', Icon: QuestionsIcon },
  { href: '/review-requests', labelKey: 'nav.requests', Icon: MailIcon },
  { href: '/widget-settings', labelKey: 'nav.widgetSettings', Icon: WidgetIcon },
  { href: '/settings/other-apps', labelKey: 'nav.otherApps', Icon: AppsIcon },
  { href: '/settings', labelKey: 'nav.settings', Icon: SettingsIcon },
] as const;

/** SPEC §2: Sessions is listed after Reviews, marked as coming soon; it leads nowhere yet. */
export const COMING_SOON_ITEM = { after: '/reviews', labelKey: 'nav.sessions', Icon: SessionsIcon } as const;

/** The item the page belongs to: the longest matching prefix, so /settings/other-apps is "Other apps", not "Settings". */
export function activeNavHref(pathname: string): string | undefined {
  let best: string | undefined;
  for (const { href } of NAV_ITEMS) {
    const matches = href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
    if (matches && (!best || href.length > best.length)) best = href;
  }
  return best;
}
