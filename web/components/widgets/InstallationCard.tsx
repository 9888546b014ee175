import { useT } from '../../i18n/useT';
import { useInstallationSnippet } from '../../api/widgets';
import { CopyableCode } from '../CopyableCode';

/**
 * SPEC §2 Manual installation: the script for the store's <head>, with the store ID and a copy button; then the
 * optional element that chooses the widget's place and product, for merchants who want full control.
 */
export function InstallationCard() {
  const t = useT();
  const copyable = (testId: string) => ({
    texts: {
      copy: t('widgets.installation.copy'),
      copied: t('widgets.installation.copied'),
      copyFailed: t('widgets.installation.copyFailed'),
    },
    codeTestId: `install-${testId}`,
    copyTestId: `copy-${testId}`,
  });
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
          <CopyableCode code={snippet.data.snippet} {...copyable('snippet')} />
        </>
      )}

      <section className="install-container" aria-labelledby="install-container-title">
        <h3 className="install-subtitle" id="install-container-title">
          {t('widgets.installation.containerTitle')}
        </h3>
        <p className="section-text">{t('widgets.installation.containerDescription')}</p>
        <CopyableCode code={container} {...copyable('container')} />
      </section>
      <p className="field-description">{t('widgets.installation.consoleHint')}</p>
    </section>
  );
}
