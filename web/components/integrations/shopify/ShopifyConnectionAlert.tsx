import { useT } from '../../../i18n/useT';
import type { TShopifyIntegration } from '../../../../shared/integrations.js';
import { FormAlert } from '../../form/FormAlert';

/** Connected to the store, or uninstalled from it since; nothing for a store that never was. */
export function ShopifyConnectionAlert({ integration }: { integration: TShopifyIntegration }) {
  const t = useT();
  const { connected, shop, store_name, disconnected_at } = integration;

  if (connected) {
    return (
      <FormAlert severity="success" testId="shopify-connected">
        <p>{t('integrations.shopify.connected', { store: store_name || shop })}</p>
        {shop && store_name && <p className="alert-detail">{shop}</p>}
      </FormAlert>
    );
  }
  if (disconnected_at) {
    return (
      <FormAlert severity="warning" testId="shopify-disconnected">
        <p>{t('integrations.shopify.disconnected', { shop: shop ?? store_name })}</p>
      </FormAlert>
    );
  }
  return null;
}
