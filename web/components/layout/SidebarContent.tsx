import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import { useT } from '../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import { LANGUAGES, isLanguage, type TLanguage } from '../../../shared/constants.js';
import { can, type TSessionUser } from '../../../shared/session.js';
import { setProfileMerchant, updateStoreLanguage, useProfile } from '../../api/profile';
import { useLanguage } from '../../i18n/useLanguage';
import { initialsOf } from '../../lib/initials';
import { logout as endSession } from '../../session/session';
import { useTheme } from '../../theme/ThemeProvider';
import { LogoutIcon, MoonIcon } from '../icons';
import { COMING_SOON_ITEM, NAV_ITEMS, activeNavHref } from './navigation';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';

/** Everything in the sidebar below the brand; shared by the permanent sidebar and the drawer. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const { urlPathname } = usePageContext();
  const { data: user } = useProfile();
  const active = activeNavHref(urlPathname);

  return (
    <div className="sidebar-body">
      <WorkspaceSwitcher />
      <nav aria-label={t('nav.label')}>
        <ul className="nav-list">
          {NAV_ITEMS.map(({ href, labelKey, Icon }) => (
            <Fragment key={href}>
              <li>
                <a
                  className="nav-link"
                  href={href}
                  aria-current={href === active ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  <Icon />
                  <span>{t(labelKey)}</span>
                </a>
              </li>
              {href === COMING_SOON_ITEM.after && <ComingSoonItem />}
            </Fragment>
          ))}
        </ul>
      </nav>
      <section className="sidebar-footer" aria-label={t('preferences.label')}>
        <LanguageSelect user={user ?? null} />
        <ThemeToggle />
        {user && <UserCard user={user} />}
        <LogoutButton />
      </section>
    </div>
  );
}

/** Not a link: a page that does not exist yet, said as much (the badge, and the reason for screen readers). */
function ComingSoonItem() {
  const t = useT();
  const { Icon } = COMING_SOON_ITEM;
  return (
    <li>
      <span className="nav-link nav-soon" data-testid="nav-sessions" title={t('nav.sessionsSoon')}>
        <Icon />
        <span>{t(COMING_SOON_ITEM.labelKey)}</span>
        <span className="chip nav-soon-badge" aria-hidden="true">
          {t('nav.soon')}
        </span>
        <span className="visually-hidden">{t('nav.sessionsSoon')}</span>
      </span>
    </li>
  );
}

function LanguageSelect({ user }: { user: TSessionUser | null }) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const queryClient = useQueryClient();
  const id = useId();

  const choose = (next: TLanguage) => {
    setLanguage(next);
    const merchant = user?.merchant;
    // The store's language also drives the storefront widget; only owners may change it.
    if (!merchant || !can(user, 'manage_store')) return;
    updateStoreLanguage(merchant.id, next).then(
      (updated) => setProfileMerchant(queryClient, updated),
      // SPEC §8: a failed language update is logged only.
      (error: unknown) => console.warn('Could not save the store language', error),
    );
  };

  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('preferences.language')}
      </label>
      <select
        id={id}
        className="select"
        data-testid="language-select"
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) choose(event.target.value);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`languages.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function ThemeToggle() {
  const t = useT();
  const { theme, setTheme } = useTheme();
  const dark = theme === 'dark';

  return (
    <button
      type="button"
      className="toggle"
      data-testid="theme-toggle"
      aria-pressed={dark}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      <MoonIcon />
      <span>{t('preferences.darkMode')}</span>
      <span className="toggle-track" aria-hidden="true" />
    </button>
  );
}

function UserCard({ user }: { user: TSessionUser }) {
  const t = useT();
  const name = `${user.first_name} ${user.last_name}`.trim();

  return (
    <div className="user-card">
      <span className="avatar" aria-hidden="true">
        {user.profile_photo ? <img src={user.profile_photo} alt="" /> : initialsOf(user)}
      </span>
      <span className="user-text">
        <span className="visually-hidden">{t('account.signedInAs')} </span>
        {name && <span className="user-name">{name}</span>}
        <span className="user-email">{user.email}</span>
      </span>
    </div>
  );
}

function LogoutButton() {
  const t = useT();
  const [pending, setPending] = useState(false);

  const logout = async () => {
    setPending(true);
    await endSession();
    window.location.assign('/login');
  };

  return (
    <button
      type="button"
      className="nav-link logout"
      data-testid="logout"
      disabled={pending}
      onClick={() => void logout()}
    >
      <LogoutIcon />
      <span>{t('nav.logout')}</span>
    </button>
  );
}
