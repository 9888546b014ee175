import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useT } from '../../../../i18n/useT';
import '../../../../styles/imports.css';
import type { TReviewImportPreview } from '../../../../../shared/review-imports.js';
import { ApiError } from '../../../../api/client';
import {
  cancelReviewImport,
  REVIEW_IMPORTS_QUERY_KEY,
  startReviewImport,
  useReviewImport,
  useReviewImports,
} from '../../../../api/reviewImports';
import { FormAlert } from '../../../../components/form/FormAlert';
import { ImportHistory } from '../../../../components/imports/ImportHistory';
import { ImportPreview } from '../../../../components/imports/ImportPreview';
import { ImportProgress } from '../../../../components/imports/ImportProgress';
import { ImportUpload } from '../../../../components/imports/ImportUpload';
import { PageTitle } from '../../../../components/PageTitle';
import { ExportLinks } from '../../../../components/reviews/ExportLinks';

export default function Page() {
  const t = useT();
  const queryClient = useQueryClient();
  const history = useReviewImports();
  const [preview, setPreview] = useState<TReviewImportPreview | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [busy, setBusy] = useState<'start' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // An import still running when the page opens (started earlier, or elsewhere) shows its progress.
  const runningId = history.data?.results.find((item) => item.status === 'running')?.id ?? null;
  const active = useReviewImport(preview ? null : (activeId ?? runningId));

  // The list catches up when the import ends.
  const status = active.data?.status;
  useEffect(() => {
    if (status && status !== 'running') void queryClient.invalidateQueries({ queryKey: REVIEW_IMPORTS_QUERY_KEY });
  }, [status, queryClient]);

  const act = async (kind: 'start' | 'cancel', id: string) => {
    setBusy(kind);
    setError(null);
    try {
      const item = kind === 'start' ? await startReviewImport(id) : await cancelReviewImport(id);
      queryClient.setQueryData([...REVIEW_IMPORTS_QUERY_KEY, item.id], item);
      setActiveId(item.id);
      setPreview(null);
      await queryClient.invalidateQueries({ queryKey: REVIEW_IMPORTS_QUERY_KEY });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('settingsPages.imports.actionError'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageTitle page="importExport" />
      <p className="page-lead">{t('pages.importExport.description')}</p>

      <section className="card settings-section" aria-labelledby="import-title">
        <h2 id="import-title" className="section-title">
          {t('settingsPages.imports.title')}
        </h2>
        <p className="section-text">{t('settingsPages.imports.lead')}</p>
        <FormAlert severity="info" testId="import-limit-note">
          <p>{t('settingsPages.imports.limitNote')}</p>
        </FormAlert>
        {error && (
          <FormAlert severity="error" testId="import-action-error">
            <p>{error}</p>
          </FormAlert>
        )}
        {preview ? (
          <ImportPreview
            preview={preview}
            starting={busy === 'start'}
            onStart={() => void act('start', preview.import.id)}
            onDiscard={() => void act('cancel', preview.import.id)}
          />
        ) : (
          <>
            {active.data && (
              <ImportProgress
                item={active.data}
                cancelling={busy === 'cancel'}
                onCancel={() => void act('cancel', active.data.id)}
              />
            )}
            {active.data?.status !== 'running' && (
              <ImportUpload
                onPreview={(next) => {
                  setActiveId(null);
                  setPreview(next);
                }}
              />
            )}
          </>
        )}
      </section>

      <section className="card settings-section" aria-labelledby="import-history-title">
        <h2 id="import-history-title" className="section-title">
          {t('settingsPages.imports.historyTitle')}
        </h2>
        {history.data ? (
          <ImportHistory imports={history.data.results} />
        ) : (
          <p role="status" className="section-text">
            {history.isError ? t('settingsPages.imports.loadError') : t('settingsPages.imports.loading')}
          </p>
        )}
      </section>

      <section className="card settings-section" aria-labelledby="export-title">
        <h2 id="export-title" className="section-title">
          {t('settingsPages.imports.exportTitle')}
        </h2>
        <p className="section-text">{t('settingsPages.imports.exportLead')}</p>
        <ExportLinks search="" />
      </section>
    </>
  );
}
