import { useId } from 'react';
import { useT } from '../../i18n/useT';
import type { TReviewImport } from '../../../shared/review-imports.js';
import { ActionButton } from '../ActionButton';

/** A started import: how far it is, at what rate, how long is left; cancellable while it runs. */
export function ImportProgress({
  item,
  cancelling,
  onCancel,
}: {
  item: TReviewImport;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const t = useT();
  const labelId = useId();
  const running = item.status === 'running';
  const total = Math.max(item.total_rows, 1);
  const valueText = t('settingsPages.imports.rowsDone', { done: item.rows_done, total: item.total_rows });
  return (
    <div data-testid="import-progress" data-status={item.status}>
      {/* A progressbar of our own, not react-aria's: see ImportUpload for what it cost. */}
      <div
        className="import-progress"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={Math.min(item.rows_done, total)}
        aria-valuetext={valueText}
      >
        <div className="import-progress-text">
          <span id={labelId}>{t(`settingsPages.imports.statuses.${item.status}`)}</span>
          <span aria-hidden="true">{valueText}</span>
        </div>
        <div className="import-progress-track">
          <div
            className="import-progress-fill"
            style={{ width: `${(Math.min(item.rows_done, total) / total) * 100}%` }}
          />
        </div>
      </div>
      <p className="section-text import-summary" data-testid="import-summary">
        {t('settingsPages.imports.summary', {
          imported: item.imported,
          duplicates: item.duplicates,
          skipped: item.skipped,
        })}
        {running && item.rate !== null && item.seconds_left !== null && (
          <> {t('settingsPages.imports.rate', { rate: item.rate, seconds: item.seconds_left })}</>
        )}
      </p>
      {running && (
        <div className="section-actions">
          <ActionButton variant="danger" isPending={cancelling} testId="import-cancel" onPress={onCancel}>
            {t('settingsPages.imports.cancel')}
          </ActionButton>
        </div>
      )}
    </div>
  );
}
