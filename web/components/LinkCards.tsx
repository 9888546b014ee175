import { useT } from '../i18n/useT';
import { ChevronIcon } from './icons';
import type { TPageKey } from './PageTitle';

type TCardPage = Extract<
  TPageKey,
  | 'account'
  | 'team'
  | 'moderation'
  | 'billing'
  | 'integrations'
  | 'apiKeys'
  | 'webhooks'
  | 'otherApps'
  | 'importExport'
  | 'bigcommerce'
  | 'shopify'
  | 'tiendanube'
  | 'sessionSettings'
>;

export interface LinkCard {
  /** null: a section that is not there yet, shown as coming soon and not a link. */
  href: string | null;
  page: TCardPage;
  /** A chip beside the title, e.g. an integration's "Connected". */
  status?: { label: string; testId: string };
}

/** A grid of cards, each a link to a page, titled and described from that page's strings. */
export function LinkCards({ cards }: { cards: readonly LinkCard[] }) {
  const t = useT();
  return (
    <ul className="card-grid">
      {cards.map(({ href, page, status }) =>
        href === null ? (
          <li key={page}>
            <div className="card card-link card-soon" data-testid={`card-soon-${page}`}>
              <span className="card-text">
                <span className="card-heading">
                  <span className="card-title">{t(`pages.${page}.title`)}</span>
                  <span className="chip">{t('comingSoon')}</span>
                </span>
                <span className="card-description">{t(`pages.${page}.description`)}</span>
              </span>
            </div>
          </li>
        ) : (
          <li key={href}>
            <a className="card card-link" href={href}>
              <span className="card-text">
                <span className="card-heading">
                  <span className="card-title">{t(`pages.${page}.title`)}</span>
                  {status && (
                    <span className="chip chip-tint chip-active" data-testid={status.testId}>
                      {status.label}
                    </span>
                  )}
                </span>
                <span className="card-description">{t(`pages.${page}.description`)}</span>
              </span>
              <ChevronIcon />
            </a>
          </li>
        ),
      )}
    </ul>
  );
}
