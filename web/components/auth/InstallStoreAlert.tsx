import { useT } from '../../i18n/useT';
import { FormAlert } from '../form/FormAlert';
import type { TInstallPlatform } from './registerMode';
import type { TInstallStoreState } from './useInstallStore';

/**
 * Install mode's store: retrieving, then its name and domain, or why it could not be had. Retrieving and retrieved
 * take the same two lines, so the form below does not move.
 */
export function InstallStoreAlert({ state, platform }: { state: TInstallStoreState; platform: TInstallPlatform }) {
  const t = useT();

  switch (state.status) {
    case 'retrieving':
    case 'signing_in':
      return (
        <FormAlert severity="info">
          <p>{t('auth.register.retrievingStore')}</p>
          <span className="skeleton install-store-skeleton" aria-hidden="true" />
        </FormAlert>
      );
    case 'ready':
      return (
        <FormAlert severity="info">
          <p data-testid="install-store-name">{t('auth.register.installStore', { name: state.store.name })}</p>
          {state.store.domain && (
            <p className="install-store-domain" data-testid="install-store-domain">
              {state.store.domain}
            </p>
          )}
        </FormAlert>
      );
    case 'failed':
      return (
        <FormAlert severity="error">
          {state.reason === 'store' ? (
            <p>{t('auth.register.storeFailed')}</p>
          ) : (
            <>
              <p>{t('auth.register.installFailed')}</p>
              <p>{t(`auth.register.installHint.${platform}`)}</p>
            </>
          )}
          {state.retry && (
            <button
              type="button"
              className="button button-secondary button-small"
              data-testid="install-store-retry"
              onClick={state.retry}
            >
              {t('auth.register.retry')}
            </button>
          )}
        </FormAlert>
      );
  }
}

/** A Shopify install that failed before any store existed (`install_error` from the OAuth callback). */
export function InstallFailedAlert() {
  const t = useT();
  return (
    <FormAlert severity="error">
      <p>{t('auth.register.installFailed')}</p>
      <p>{t('auth.register.installHint.shopify')}</p>
      <p>{t('auth.register.installLater')}</p>
    </FormAlert>
  );
}
