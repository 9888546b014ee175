import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { REVIEWS_PAGE_SIZE } from '../../../shared/constants.js';
import type { TReview } from '../../../shared/reviews.js';
import type { TRowAction } from './ReviewActions';
import { ReviewRow } from './ReviewRow';
import { SkeletonRows } from '../SkeletonRows';
import { TableScroll } from '../TableScroll';
import { useSelectionContext } from './bulk/ReviewSelectionContext';
import { SelectPageCell } from './bulk/SelectionCells';

export interface ReviewsTableProps {
  reviews: readonly TReview[];
  /** Nothing to show yet: skeleton rows. */
  isLoading: boolean;
  /** Another page or filter is on its way while the previous rows stay. */
  isRefreshing: boolean;
  /** Shown in place of the rows when there are none (empty state or load error). */
  placeholder: ReactNode;
  canModerate: boolean;
  busyId: string | undefined;
  onOpenMedia: (review: TReview) => void;
  onAction: (action: TRowAction, review: TReview) => void;
}

const COLUMNS = ['product', 'media', 'customer', 'comment', 'rating', 'status'] as const;

export function ReviewsTable({
  reviews,
  isLoading,
  isRefreshing,
  placeholder,
  canModerate,
  busyId,
  ...rowProps
}: ReviewsTableProps) {
  const t = useT();
  const selectable = useSelectionContext() !== null;
  const columnCount = COLUMNS.length + (canModerate ? 1 : 0) + (selectable ? 1 : 0);

  return (
    <TableScroll label={t('reviews.table.caption')} className="reviews-table-frame">
      <table
        className="data-table reviews-table"
        data-testid="reviews-table"
        data-refreshing={isRefreshing || undefined}
        aria-busy={isLoading || isRefreshing || undefined}
      >
        <caption className="visually-hidden">{t('reviews.table.caption')}</caption>
        <thead>
          <tr>
            <SelectPageCell />
            {COLUMNS.map((column) => (
              <th key={column} scope="col" data-column={column}>
                {t(`reviews.table.${column}`)}
              </th>
            ))}
            {canModerate && (
              <th scope="col" data-column="actions">
                <span className="visually-hidden">{t('reviews.table.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {isLoading && <SkeletonRows rows={REVIEWS_PAGE_SIZE} columns={columnCount} />}
          {!isLoading && reviews.length === 0 && (
            <tr>
              <td className="table-empty" colSpan={columnCount}>
                {placeholder}
              </td>
            </tr>
          )}
          {!isLoading &&
            reviews.map((review) => (
              <ReviewRow
                key={review.id}
                review={review}
                canModerate={canModerate}
                isBusy={busyId === review.id}
                {...rowProps}
              />
            ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
