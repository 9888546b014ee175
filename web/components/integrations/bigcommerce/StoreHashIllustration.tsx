import { useT } from '../../../i18n/useT';

/**
 * Where the store hash is: BigCommerce shows the API path of a new Store API account as
 * `https://api.bigcommerce.com/stores/{hash}/v3/`, and the hash is the part after `stores/`. Drawn here rather than
 * a screenshot, so it follows the theme and the language.
 */
export function StoreHashIllustration() {
  const t = useT();
  return (
    <figure className="store-hash-figure" data-testid="bigcommerce-store-hash-illustration">
      <svg
        className="store-hash-illustration"
        role="img"
        aria-label={t('integrations.bigcommerce.steps.credentials.illustration')}
        viewBox="0 0 560 150"
        width="560"
        height="150"
      >
        <rect className="sh-window" x="1" y="1" width="558" height="148" rx="12" />
        <text className="sh-label" x="24" y="36">
          {t('integrations.bigcommerce.steps.credentials.apiPath')}
        </text>
        <rect className="sh-field" x="24" y="50" width="512" height="40" rx="8" />
        <text className="sh-mono" x="38" y="76">
          <tspan>https://api.bigcommerce.com/stores/</tspan>
          <tspan className="sh-hash">abc123de</tspan>
          <tspan>/v3/</tspan>
        </text>
        <rect className="sh-highlight" x="349" y="54" width="80" height="32" rx="6" />
        <path className="sh-arrow" d="M389 118 L389 94 M381 102 L389 94 L397 102" />
        <text className="sh-callout" x="389" y="138" textAnchor="middle">
          {t('integrations.bigcommerce.steps.credentials.storeHash')}
        </text>
      </svg>
      <figcaption className="field-description">{t('integrations.bigcommerce.steps.credentials.caption')}</figcaption>
    </figure>
  );
}
