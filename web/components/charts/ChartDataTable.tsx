import { useT } from '../../i18n/useT';
import { TableScroll } from '../TableScroll';

export interface TChartDataRow {
  key: string;
  /** The row's header: the week, the day… */
  label: string;
  cells: string[];
}

/**
 * A chart's figures as a table, folded under "Show the data": what a screen reader reads instead of the drawing, and
 * what a merchant copies out.
 */
export function ChartDataTable({
  title,
  head,
  columns,
  rows,
}: {
  /** The chart's title: the table is labelled after it. */
  title: string;
  /** The first column's header (what each row is). */
  head: string;
  columns: string[];
  rows: TChartDataRow[];
}) {
  const t = useT();
  return (
    <details className="chart-data">
      <summary>{t('insights.charts.showData')}</summary>
      <TableScroll label={t('insights.charts.table', { title })}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{head}</th>
              {columns.map((column) => (
                <th key={column} scope="col" className="numeric">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {row.cells.map((cell, i) => (
                  <td key={columns[i]} className="numeric">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </details>
  );
}
