import { useTranslation } from 'react-i18next';
import { Label, ProgressBar } from 'react-aria-components';
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
  const { t } = useTranslation();
  const running = item.status === 'running';
  return (
    <div data-testid="import-progress" data-status={item.status}>
      <ProgressBar
        className="import-progress"
        value={item.rows_done}
        maxValue={Math.max(item.total_rows, 1)}
        valueLabel={t('settingsPages.imports.rowsDone', { done: item.rows_done, total: item.total_rows })}
      >
        {({ percentage, valueText }) => (
          <>
            <div className="import-progress-text">
              <Label>{t(`settingsPages.imports.statuses.${item.status}`)}</Label>
              <span>{valueText}</span>
            </div>
            <div className="import-progress-track">
              <div className="import-progress-fill" style={{ width: `${percentage ?? 0}%` }} />
            </div>
          </>
        )}
      </ProgressBar>
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
