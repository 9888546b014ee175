import { useT } from '../../../i18n/useT';
import { CopyableCode } from '../../CopyableCode';
import { SetupStep } from '../SetupStep';

/** Step 3: the merchant checks, in a storefront's browser console, the exact line the widget prints when it runs. */
export function ShopifyVerifyStep({ consoleMessage }: { consoleMessage: string }) {
  const t = useT();

  return (
    <SetupStep number={3} title={t('integrations.shopify.verify.title')} testId="shopify-step-3">
      <p>{t('integrations.shopify.verify.text')}</p>
      <CopyableCode
        code={consoleMessage}
        texts={{
          copy: t('integrations.shopify.verify.copy'),
          copied: t('integrations.shopify.verify.copied'),
          copyFailed: t('integrations.shopify.verify.copyFailed'),
        }}
        codeTestId="shopify-console-message"
        copyTestId="copy-console-message"
        preClassName="console-line"
      />
      <p>{t('integrations.shopify.verify.missing')}</p>
    </SetupStep>
  );
}
