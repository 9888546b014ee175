import { useT } from '../../i18n/useT';
import { useCompleteShopifySetup } from '../../api/analytics';
import { useProfile } from '../../api/profile';
import { useLocalStorageItem } from '../../lib/useLocalStorageItem';
import { StoreIcon } from '../icons';
import { DashboardNotice } from './DashboardNotice';

/**
 * SPEC §4 Shopify banner: for a Shopify store whose setup is not complete. Dismissing tells the server and is
 * also remembered in this browser, so the banner stays hidden even if that call fails.
 */
export function ShopifySetupBanner() {
  const t = useT();
  const { data: user } = useProfile();
  const merchant = user?.merchant;
  const [dismissed, setDismissed] = useLocalStorageItem(`shopifySetupComplete:${merchant?.id ?? ''}`);
  const completeSetup = useCompleteShopifySetup();

  if (merchant?.platform !== 'shopify' || merchant.shopify_setup_complete || dismissed) return null;

  const dismiss = () => {
    setDismissed('true');
    completeSetup.mutate(undefined, {
      onError: (error) => console.warn('Could not record the Shopify setup as complete', error),
    });
  };

  return (
    <DashboardNotice
      testId="shopify-setup-banner"
      icon={<StoreIcon />}
      title={t('dashboard.shopify.title')}
      text={t('dashboard.shopify.text')}
      link={{ href: '/settings/integrations/shopify', label: t('dashboard.shopify.steps') }}
      dismissLabel={t('dashboard.shopify.dismiss')}
      onDismiss={dismiss}
    />
  );
}
