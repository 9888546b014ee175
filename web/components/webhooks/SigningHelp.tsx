import { useT } from '../../i18n/useT';

const STANDARD_WEBHOOKS = 'https://www.standardwebhooks.com/';
const HEADERS = 'webhook-id: …\nwebhook-timestamp: 1767225600\nwebhook-signature: v1,…';

/** How a receiver knows a delivery is ours: the Standard Webhooks headers, checked with the endpoint's secret. */
export function SigningHelp() {
  const t = useT();
  return (
    <section className="card settings-section" aria-labelledby="webhooks-signing-title">
      <h2 id="webhooks-signing-title" className="section-title">
        {t('settingsPages.webhooks.signing.title')}
      </h2>
      <p className="usage-text">{t('settingsPages.webhooks.signing.intro')}</p>
      <pre className="code-block" data-testid="webhooks-signing-headers">
        <code>{HEADERS}</code>
      </pre>
      <p className="usage-text">{t('settingsPages.webhooks.signing.verify')}</p>
      <p className="usage-text">{t('settingsPages.webhooks.signing.answer')}</p>
      <a href={STANDARD_WEBHOOKS} rel="external" data-testid="webhooks-standard">
        {t('settingsPages.webhooks.signing.link')}
      </a>
    </section>
  );
}
