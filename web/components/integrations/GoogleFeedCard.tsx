import { useTranslation } from 'react-i18next';
import { useInstallationSnippet } from '../../api/widgets';
import { useCopyText } from '../../lib/useCopyText';
import { ExternalLinkButton } from '../ExternalLinkButton';
import { CheckIcon } from '../icons';

const STEPS = ['open', 'source', 'url', 'schedule'] as const;

/** The store's Google product reviews feed, with the steps that add it to Merchant Center. */
export function GoogleFeedCard() {
  const { t } = useTranslation();
  const snippet = useInstallationSnippet();
  const { targetRef, copied, copyFailed, copy } = useCopyText<HTMLElement>();
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
          <div className="install-code">
            <pre className="install-pre">
              <code ref={targetRef} data-testid="google-feed-url">
                {url}
              </code>
            </pre>
            <button
              type="button"
              className="button button-secondary button-small install-copy"
              data-testid="copy-google-feed-url"
              onClick={() => void copy(url)}
            >
              {copied && <CheckIcon />}
              {copied ? t('integrations.google.copied') : t('integrations.google.copy')}
            </button>
          </div>
          <p className="visually-hidden" aria-live="polite">
            {copied ? t('integrations.google.copied') : ''}
          </p>
          {copyFailed && (
            <p className="field-description" role="status">
              {t('integrations.google.copyFailed')}
            </p>
          )}
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
