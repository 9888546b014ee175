import { useTranslation } from 'react-i18next';
import { useInstallationSnippet } from '../../api/widgets';
import { useCopyText } from '../../lib/useCopyText';
import { CheckIcon } from '../icons';

/** SPEC §2 Manual installation: the script for the store's <head>, with the store ID and a copy button. */
export function InstallationCard() {
  const { t } = useTranslation();
  const snippet = useInstallationSnippet();
  const { targetRef: codeRef, copied, copyFailed, copy } = useCopyText<HTMLElement>();

  return (
    <section className="card install-card" data-testid="installation-card" aria-labelledby="install-title">
      <h2 className="section-title" id="install-title">
        {t('widgets.installation.title')}
      </h2>
      <p className="section-text">{t('widgets.installation.description')}</p>

      {snippet.isPending && <p className="review-muted">{t('widgets.installation.loading')}</p>}
      {snippet.isError && (
        <p className="field-error" role="alert" data-testid="install-error">
          {t('widgets.installation.loadError')}
        </p>
      )}
      {snippet.data && (
        <>
          <p className="install-store">
            {t('widgets.installation.storeId')}: <code data-testid="install-store-id">{snippet.data.store_id}</code>
          </p>
          <div className="install-code">
            <pre className="install-pre">
              <code ref={codeRef} data-testid="install-snippet">
                {snippet.data.snippet}
              </code>
            </pre>
            <button
              type="button"
              className="button button-secondary button-small install-copy"
              data-testid="copy-snippet"
              data-copied={copied || undefined}
              onClick={() => void copy(snippet.data.snippet)}
            >
              {copied && <CheckIcon />}
              {copied ? t('widgets.installation.copied') : t('widgets.installation.copy')}
            </button>
          </div>
          <p className="visually-hidden" aria-live="polite">
            {copied ? t('widgets.installation.copied') : ''}
          </p>
          {copyFailed && (
            <p className="field-description" role="status">
              {t('widgets.installation.copyFailed')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
