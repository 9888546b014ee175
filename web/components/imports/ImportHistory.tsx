import type { TReviewImport } from '../../../shared/review-imports.js';
import { useT } from '../../i18n/useT';
import { useDateFormat } from '../../lib/useDateFormat';
import { TableScroll } from '../TableScroll';

/** Past imports, each with its skipped-rows report. */
export function ImportHistory({ imports }: { imports: readonly TReviewImport[] }) {
  const t = useT();
  const formatTime = useDateFormat(true);
  const started = imports.filter((item) => item.status !== 'previewed');
  if (!started.length) return <p className="section-text">{t('settingsPages.imports.noHistory')}</p>;
  return (
    <TableScroll label={t('settingsPages.imports.historyLabel')}>
      <table className="data-table" data-testid="import-history">
        <thead>
          <tr>
            <th scope="col">{t('settingsPages.imports.file')}</th>
            <th scope="col">{t('settingsPages.imports.date')}</th>
            <th scope="col">{t('settingsPages.imports.outcome')}</th>
            <th scope="col">{t('settingsPages.imports.counts')}</th>
            <th scope="col">{t('settingsPages.imports.report')}</th>
          </tr>
        </thead>
        <tbody>
          {started.map((item) => (
            <tr key={item.id}>
              <td>
                {item.filename} ({item.format_label})
              </td>
              <td>{formatTime(item.started_at ?? item.created_at)}</td>
              <td>{t(`settingsPages.imports.statuses.${item.status}`)}</td>
              <td>
                {t('settingsPages.imports.summary', {
                  imported: item.imported,
                  duplicates: item.duplicates,
                  skipped: item.skipped,
                })}
              </td>
              <td>
                <a href={item.skipped_csv_url} download>
                  {t('settingsPages.imports.skippedCsv', { file: item.filename })}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
