import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { REQUESTS_PAGE_SIZE } from '../../../shared/review-request-options.js';
import type { TReviewRequest } from '../../../shared/review-requests.js';
import type { TRequestAction } from '../../api/reviewRequests';
import { SkeletonRows } from '../SkeletonRows';
import { TableScroll } from '../TableScroll';
import { RequestRow } from './RequestRow';

const COLUMNS = ['order', 'customer', 'products', 'status', 'reminders'] as const;

export interface RequestsTableProps {
  requests: readonly TReviewRequest[];
  isLoading: boolean;
  isRefreshing: boolean;
  /** Shown in place of the rows when there are none (empty state or load error). */
  placeholder: ReactNode;
  canAct: boolean;
  busyId: string | undefined;
  onAction: (action: TRequestAction, request: TReviewRequest) => void;
}

/** The history of review requests: a table on a wide screen, one card per request on a phone (as the reviews). */
export function RequestsTable({
  requests,
  isLoading,
  isRefreshing,
  placeholder,
  canAct,
  busyId,
  onAction,
}: RequestsTableProps) {
  const t = useT();
  const columnCount = COLUMNS.length + (canAct ? 1 : 0);
  return (
    <TableScroll label={t('requests.table.caption')} className="reviews-table-frame">
      <table
        className="data-table reviews-table requests-table"
        data-testid="requests-table"
        data-refreshing={isRefreshing || undefined}
        aria-busy={isLoading || isRefreshing || undefined}
      >
        <caption className="visually-hidden">{t('requests.table.caption')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" data-column={column}>
                {t(`requests.table.${column}`)}
              </th>
            ))}
            {canAct && (
              <th scope="col" data-column="actions">
                <span className="visually-hidden">{t('requests.table.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {isLoading && <SkeletonRows rows={REQUESTS_PAGE_SIZE} columns={columnCount} />}
          {!isLoading && requests.length === 0 && (
            <tr>
              <td className="table-empty" colSpan={columnCount}>
                {placeholder}
              </td>
            </tr>
          )}
          {!isLoading &&
            requests.map((request) => (
              <RequestRow
                key={request.id}
                request={request}
                canAct={canAct}
                isBusy={busyId === request.id}
                onAction={onAction}
              />
            ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
