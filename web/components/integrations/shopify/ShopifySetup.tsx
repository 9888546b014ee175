import { useT } from '../../../i18n/useT';
import type { TShopifyIntegration } from '../../../../shared/integrations.js';
import { FormAlert } from '../../form/FormAlert';
import { ShopifyConnectionAlert } from './ShopifyConnectionAlert';
import { ShopifyEmbedStep } from './ShopifyEmbedStep';
import { ShopifyInstallStep } from './ShopifyInstallStep';
import { ShopifyBillingNote, ShopifyCatalogNote } from './ShopifyNotes';
import { ShopifyVerifyStep } from './ShopifyVerifyStep';

export interface ShopifySetupProps {
  integration: TShopifyIntegration;
  canConnect: boolean;
  isChecking: boolean;
  onCheckAgain: () => void;
}

/** SPEC §2 Shopify page, once loaded: the connection, the three setup steps, the catalogue and billing notes. */
export function ShopifySetup({ integration, canConnect, isChecking, onCheckAgain }: ShopifySetupProps) {
  const t = useT();
  return (
    <>
      <ShopifyConnectionAlert integration={integration} />
      {!integration.available && (
        <FormAlert severity="info" testId="shopify-unavailable">
          <p>{t('integrations.shopify.unavailable')}</p>
        </FormAlert>
      )}
      <ol className="setup-steps" aria-label={t('integrations.shopify.steps')}>
        <ShopifyInstallStep integration={integration} canConnect={canConnect} />
        <ShopifyEmbedStep integration={integration} isChecking={isChecking} onCheckAgain={onCheckAgain} />
        <ShopifyVerifyStep consoleMessage={integration.console_message} />
      </ol>
      <ShopifyCatalogNote integration={integration} />
      <ShopifyBillingNote />
    </>
  );
}
