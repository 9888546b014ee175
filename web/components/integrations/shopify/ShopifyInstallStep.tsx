import { useT } from '../../../i18n/useT';
import type { TShopifyIntegration } from '../../../../shared/integrations.js';
import { ExternalLinkButton } from '../../ExternalLinkButton';
import { SetupStep } from '../SetupStep';
import { ShopifyConnectForm } from './ShopifyConnectForm';

export interface ShopifyInstallStepProps {
  integration: TShopifyIntegration;
  /** The user may connect the store (`manage_integrations`). */
  canConnect: boolean;
}

/** Step 1: install the app from the App Store, or (owners) connect the store by its address. */
export function ShopifyInstallStep({ integration, canConnect }: ShopifyInstallStepProps) {
  const t = useT();
  const { connected, install_url, available, shop } = integration;

  return (
    <SetupStep number={1} title={t('integrations.shopify.install.title')} done={connected} testId="shopify-step-1">
      <p>{t('integrations.shopify.install.text')}</p>
      {install_url && (
        <div className="setup-actions">
          <ExternalLinkButton href={install_url} testId="shopify-app-store">
            {t('integrations.shopify.install.appStore')}
          </ExternalLinkButton>
        </div>
      )}
      {available && canConnect && (
        <ShopifyConnectForm isConnected={connected} shop={shop} isAlternative={!!install_url} />
      )}
      {available && !canConnect && !connected && (
        <p className="field-description">{t('integrations.shopify.install.ownerOnly')}</p>
      )}
    </SetupStep>
  );
}
