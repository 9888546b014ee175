import type { ReactNode } from 'react';
import { SkeletonRows } from './SkeletonRows';
import { TableScroll } from './TableScroll';

export interface DataTableColumn {
  /** The cells' `data-column`, which the narrow layouts place by. */
  key: string;
  label: string;
  /** Named for assistive technology only (an actions column). */
  hidden?: boolean;
}

/**
 * A list as a table that scrolls in its frame: its caption and headers, skeleton rows while it loads, then `children`
 * (its rows) or, when it has none, the `empty` text across the row.
 */
export function DataTable({
  caption,
  className,
  testId,
  columns,
  isLoading,
  isBusy = isLoading,
  skeletonRows,
  isEmpty,
  empty,
  emptyTestId,
  children,
}: {
  caption: string;
  className: string;
  testId: string;
  columns: readonly DataTableColumn[];
  isLoading: boolean;
  /** Also while a next page loads over the last one. */
  isBusy?: boolean;
  skeletonRows: number;
  isEmpty: boolean;
  empty: ReactNode;
  emptyTestId: string;
  children: ReactNode;
}) {
  return (
    <TableScroll label={caption}>
      <table className={`data-table ${className}`} data-testid={testId} aria-busy={isBusy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map(({ key, label, hidden }) => (
              <th key={key} scope="col" data-column={key}>
                {hidden ? <span className="visually-hidden">{label}</span> : label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isLoading && <SkeletonRows rows={skeletonRows} columns={columns.length} />}
          {!isLoading && isEmpty && (
            <tr>
              <td className="table-empty" colSpan={columns.length} data-testid={emptyTestId}>
                {empty}
              </td>
            </tr>
          )}
          {!isLoading && children}
        </tbody>
      </table>
    </TableScroll>
  );
}
