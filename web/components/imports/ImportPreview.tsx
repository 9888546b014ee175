import type { TReviewImportPreview } from '../../../shared/review-imports.js';
import { useT } from '../../i18n/useT';
import { useDateFormat } from '../../lib/useDateFormat';
import { ActionButton } from '../ActionButton';
import { TableScroll } from '../TableScroll';

/** The file as it will be imported: counts over all of it, its first rows with their products, and the go. */
export function ImportPreview({
  preview,
  starting,
  onStart,
  onDiscard,
}: {
  preview: TReviewImportPreview;
  starting: boolean;
  onStart: () => void;
  onDiscard: () => void;
}) {
  const t = useT();
  const { counts, rows, skip_reasons: reasons } = preview;
  const formatDate = useDateFormat(false, 'UTC');
  return (
    <div data-testid="import-preview">
      <p>
        {t('settingsPages.imports.recognised', {
          format: preview.import.format_label,
          rows: preview.import.total_rows,
        })}
      </p>
      <ul className="import-counts" data-testid="import-counts">
        <li>{t('settingsPages.imports.willImport', { count: counts.import })}</li>
        <li>{t('settingsPages.imports.duplicates', { count: counts.duplicate })}</li>
        <li>{t('settingsPages.imports.willSkip', { count: counts.skip })}</li>
      </ul>
      {Object.keys(reasons).length > 0 && (
        <ul className="import-reasons">
          {Object.entries(reasons).map(([reason, count]) => (
            <li key={reason}>
              {t(`settingsPages.imports.reasons.${reason as keyof typeof reasons}`)}: {count}
            </li>
          ))}
        </ul>
      )}
      <TableScroll label={t('settingsPages.imports.previewLabel')}>
        <table className="data-table import-table">
          <caption className="visually-hidden">{t('settingsPages.imports.previewLabel')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('settingsPages.imports.row')}</th>
              <th scope="col">{t('settingsPages.imports.outcome')}</th>
              <th scope="col">{t('settingsPages.imports.product')}</th>
              <th scope="col">{t('settingsPages.imports.rating')}</th>
              <th scope="col">{t('settingsPages.imports.reviewer')}</th>
              <th scope="col">{t('settingsPages.imports.date')}</th>
              <th scope="col">{t('settingsPages.imports.text')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row} data-outcome={row.outcome}>
                <td>{row.row}</td>
                <td>
                  {row.outcome === 'skip'
                    ? `${t('settingsPages.imports.outcomes.skip')}: ${row.detail}`
                    : t(`settingsPages.imports.outcomes.${row.outcome}`)}
                </td>
                <td>{row.product ? row.product.name || row.product.id : t('settingsPages.imports.noProduct')}</td>
                <td>{row.rating ?? ''}</td>
                <td>{row.reviewer_name ?? ''}</td>
                <td>{formatDate(row.created_at)}</td>
                <td className="import-text">{row.body ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <div className="section-actions">
        <ActionButton isPending={starting} isDisabled={counts.import === 0} testId="import-start" onPress={onStart}>
          {t('settingsPages.imports.start', { count: counts.import })}
        </ActionButton>
        <ActionButton variant="secondary" testId="import-discard" onPress={onDiscard}>
          {t('settingsPages.imports.discard')}
        </ActionButton>
      </div>
    </div>
  );
}
