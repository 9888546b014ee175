import { useTranslation } from 'react-i18next';
import { ChevronIcon } from './icons';
import type { TPageKey } from './PageTitle';

type TCardPage = Extract<
  TPageKey,
  'account' | 'team' | 'billing' | 'integrations' | 'otherApps' | 'bigcommerce' | 'shopify' | 'tiendanube'
>;

export interface LinkCard {
  href: string;
  page: TCardPage;
}

/** A grid of cards, each a link to a page, titled and described from that page's strings. */
export function LinkCards({ cards }: { cards: readonly LinkCard[] }) {
  const { t } = useTranslation();
  return (
    <ul className="card-grid">
      {cards.map(({ href, page }) => (
        <li key={href}>
          <a className="card card-link" href={href}>
            <span className="card-text">
              <span className="card-title">{t(`pages.${page}.title`)}</span>
              <span className="card-description">{t(`pages.${page}.description`)}</span>
            </span>
            <ChevronIcon />
          </a>
        </li>
      ))}
    </ul>
  );
}
