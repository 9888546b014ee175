import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../lib/useCopyText';
import { CheckIcon } from '../../icons';
import { SetupStep } from '../SetupStep';

/** Step 3: the merchant checks, in a storefront's browser console, the exact line the widget prints when it runs. */
export function ShopifyVerifyStep({ consoleMessage }: { consoleMessage: string }) {
  const { t } = useTranslation();
  const { targetRef, copied, copyFailed, copy } = useCopyText<HTMLElement>();

  return (
    <SetupStep number={3} title={t('integrations.shopify.verify.title')} testId="shopify-step-3">
      <p>{t('integrations.shopify.verify.text')}</p>
      <div className="install-code">
        <pre className="install-pre console-line">
          <code ref={targetRef} data-testid="shopify-console-message">
            {consoleMessage}
          </code>
        </pre>
        <button
          type="button"
          className="button button-secondary button-small install-copy"
          data-testid="copy-console-message"
          data-copied={copied || undefined}
          onClick={() => void copy(consoleMessage)}
        >
          {copied && <CheckIcon />}
          {copied ? t('integrations.shopify.verify.copied') : t('integrations.shopify.verify.copy')}
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {copied ? t('integrations.shopify.verify.copied') : ''}
      </p>
      {copyFailed && (
        <p className="field-description" role="status">
          {t('integrations.shopify.verify.copyFailed')}
        </p>
      )}
      <p>{t('integrations.shopify.verify.missing')}</p>
    </SetupStep>
  );
}
