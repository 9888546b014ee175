import { useTranslation } from 'react-i18next';
import { useInstallationSnippet } from '../../api/widgets';
import { useCopyText } from '../../lib/useCopyText';
import { CheckIcon } from '../icons';

/**
 * SPEC §2 Manual installation: the script for the store's <head>, with the store ID and a copy button; then the
 * optional element that chooses the widget's place and product, for merchants who want full control.
 */
export function InstallationCard() {
  const { t } = useTranslation();
  const snippet = useInstallationSnippet();
  const container = `<div data-video-reviews data-product-id="${t('widgets.installation.productIdPlaceholder')}"></div>`;

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
          <CopyableCode code={snippet.data.snippet} testId="snippet" />
        </>
      )}

      <section className="install-container" aria-labelledby="install-container-title">
        <h3 className="install-subtitle" id="install-container-title">
          {t('widgets.installation.containerTitle')}
        </h3>
        <p className="section-text">{t('widgets.installation.containerDescription')}</p>
        <CopyableCode code={container} testId="container" />
      </section>
      <p className="field-description">{t('widgets.installation.consoleHint')}</p>
    </section>
  );
}

/** A block of code with a copy button; when the clipboard refuses, the code is selected for a manual copy. */
function CopyableCode({ code, testId }: { code: string; testId: string }) {
  const { t } = useTranslation();
  const { targetRef: codeRef, copied, copyFailed, copy } = useCopyText<HTMLElement>();
  return (
    <>
      <div className="install-code">
        <pre className="install-pre">
          <code ref={codeRef} data-testid={`install-${testId}`}>
            {code}
          </code>
        </pre>
        <button
          type="button"
          className="button button-secondary button-small install-copy"
          data-testid={`copy-${testId}`}
          data-copied={copied || undefined}
          onClick={() => void copy(code)}
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
  );
}
