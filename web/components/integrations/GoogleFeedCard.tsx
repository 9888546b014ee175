import { useT } from '../../i18n/useT';
import { useInstallationSnippet } from '../../api/widgets';
import { CopyableCode } from '../CopyableCode';
import { ExternalLinkButton } from '../ExternalLinkButton';

const STEPS = ['open', 'source', 'url', 'schedule'] as const;

/** The store's Google product reviews feed, with the steps that add it to Merchant Center. */
export function GoogleFeedCard() {
  const t = useT();
  const snippet = useInstallationSnippet();
  const url = snippet.data?.google_feed_url;

  return (
    <section className="card install-card" data-testid="google-feed-card" aria-labelledby="google-feed-title">
      <h2 className="section-title" id="google-feed-title">
        {t('integrations.google.title')}
      </h2>
      <p className="section-text">{t('integrations.google.lead')}</p>
      {snippet.isPending && <p className="review-muted">{t('integrations.google.loading')}</p>}
      {snippet.isError && (
        <p className="field-error" role="alert">
          {t('integrations.google.loadError')}
        </p>
      )}
      {url && (
        <>
          <CopyableCode
            code={url}
            texts={{
              copy: t('integrations.google.copy'),
              copied: t('integrations.google.copied'),
              copyFailed: t('integrations.google.copyFailed'),
            }}
            codeTestId="google-feed-url"
            copyTestId="copy-google-feed-url"
          />
          <p>
            <ExternalLinkButton href={url} variant="secondary" testId="google-feed-link">
              {t('integrations.google.open')}
            </ExternalLinkButton>
          </p>
        </>
      )}
      <h3 className="install-subtitle">{t('integrations.google.stepsTitle')}</h3>
      <ol className="section-text">
        {STEPS.map((step) => (
          <li key={step}>{t(`integrations.google.steps.${step}`)}</li>
        ))}
      </ol>
      <p className="field-description">{t('integrations.google.note')}</p>
    </section>
  );
}
