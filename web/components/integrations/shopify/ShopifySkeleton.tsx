import { useTranslation } from 'react-i18next';

/** Stands in for the three steps while the integration loads, at roughly their size. */
export function ShopifySkeleton() {
  const { t } = useTranslation();
  return (
    <div className="setup-skeleton" data-testid="shopify-loading">
      <p className="visually-hidden" role="status">
        {t('integrations.shopify.loading')}
      </p>
      {[1, 2, 3].map((step) => (
        <div key={step} className="card setup-step" aria-hidden="true">
          <span className="setup-step-marker">{step}</span>
          <span className="skeleton setup-skeleton-title" />
          <div className="setup-step-body">
            <span className="skeleton" />
            <span className="skeleton" />
            <span className="skeleton setup-skeleton-button" />
          </div>
        </div>
      ))}
    </div>
  );
}
