import { useId } from 'react';
import { useT } from '../../../i18n/useT';
import { SHOPIFY_TRIAL_DAYS } from '../../../../shared/constants.js';
import type { TShopifyIntegration } from '../../../../shared/integrations.js';
import { useLanguage } from '../../../i18n/useLanguage';
import { useDateFormat } from '../../../lib/useDateFormat';
import { numberFormat } from '../../../lib/intlFormat';

/**
 * How many products the sync brought from Shopify, and when it last ran; nothing to count until the store is connected
 * (a product a shopper's review named is not Shopify's).
 */
export function ShopifyCatalogNote({ integration }: { integration: TShopifyIntegration }) {
  const t = useT();
  const titleId = useId();
  const { language } = useLanguage();
  const formatDate = useDateFormat();
  const { connected, products, catalog_synced_at, ratings_synced } = integration;

  return (
    <section className="card setup-note" data-testid="shopify-catalog" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {t('integrations.shopify.catalog.title')}
      </h2>
      {connected ? (
        <>
          <p data-testid="shopify-products">
            {t('integrations.shopify.catalog.products', { products: numberFormat(language).format(products) })}
          </p>
          <p>
            {catalog_synced_at
              ? t('integrations.shopify.catalog.syncedAt', { date: formatDate(catalog_synced_at) })
              : t('integrations.shopify.catalog.notSynced')}
          </p>
          {!ratings_synced && (
            <p data-testid="shopify-ratings-reconnect">{t('integrations.shopify.catalog.ratingsReconnect')}</p>
          )}
        </>
      ) : (
        <p>{t('integrations.shopify.catalog.notConnected')}</p>
      )}
    </section>
  );
}

/** SPEC §2: a Shopify store pays through Shopify. */
export function ShopifyBillingNote() {
  const t = useT();
  const titleId = useId();
  return (
    <section className="card setup-note" data-testid="shopify-billing" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {t('integrations.shopify.billing.title')}
      </h2>
      <p>{t('integrations.shopify.billing.text', { days: SHOPIFY_TRIAL_DAYS })}</p>
    </section>
  );
}
