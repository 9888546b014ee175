import { useId } from 'react';
import { useT } from '../../i18n/useT';
import type { TOtherApp } from '../../../shared/other-apps.js';
import { ExternalLinkIcon } from '../icons';

/**
 * SPEC §2 Other apps: category chip, name, description, the first two features, and Visit / Explore App. The name is
 * the card's link, stretched over the whole card (one tab stop, no link inside a link); both buttons open the listing
 * in a new tab too.
 */
export function OtherAppCard({ app }: { app: TOtherApp }) {
  const t = useT();
  const titleId = useId();
  const features = [
    t(`settingsPages.otherApps.apps.${app.key}.feature1`),
    t(`settingsPages.otherApps.apps.${app.key}.feature2`),
  ];
  const newTab = <span className="visually-hidden"> {t('integrations.opensInNewTab')}</span>;

  return (
    <article className="card other-app" data-testid={`other-app-${app.key}`} aria-labelledby={titleId}>
      <span className="chip chip-tint other-app-category" data-category={app.category}>
        {t(`settingsPages.otherApps.categories.${app.category}`)}
      </span>
      <h2 className="other-app-name" id={titleId}>
        <a className="other-app-link" href={app.url} target="_blank" rel="noopener noreferrer">
          {t(`settingsPages.otherApps.apps.${app.key}.name`)}
          {newTab}
        </a>
      </h2>
      <p className="other-app-description">{t(`settingsPages.otherApps.apps.${app.key}.description`)}</p>
      <ul className="other-app-features">
        {features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="other-app-actions">
        <a
          className="button button-secondary"
          href={app.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`other-app-visit-${app.key}`}
        >
          {t('settingsPages.otherApps.visit')}
          {newTab}
        </a>
        <a
          className="button"
          href={app.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`other-app-explore-${app.key}`}
        >
          {t('settingsPages.otherApps.explore')}
          {newTab}
          <ExternalLinkIcon />
        </a>
      </div>
    </article>
  );
}
