import { useT } from '../../i18n/useT';
import { SecretShownOnce } from '../SecretShownOnce';

/** An endpoint's signing secret (`whsec_…`) shown this once, with what it is for, until Done. */
export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const t = useT();
  return (
    <SecretShownOnce
      secret={secret}
      testIdPrefix="webhook"
      onDone={onDone}
      texts={{
        warning: t('settingsPages.webhooks.secret.warning'),
        label: t('settingsPages.webhooks.secret.label'),
        copy: t('settingsPages.webhooks.secret.copy'),
        copied: t('settingsPages.webhooks.secret.copied'),
        copyFailed: t('settingsPages.webhooks.secret.copyFailed'),
        done: t('settingsPages.webhooks.secret.done'),
      }}
    >
      <p className="modal-text" data-testid="webhook-secret-use">
        {t('settingsPages.webhooks.secret.use')}
      </p>
    </SecretShownOnce>
  );
}
