import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { ChevronIcon, ChevronLeftIcon, FirstPageIcon, LastPageIcon } from '../icons';

export interface PaginationProps {
  page: number;
  pageSize: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  onPageChange: (page: number) => void;
  /** The navigation's accessible name; the reviews list's by default. */
  label?: string;
}

export function Pagination({ page, pageSize, shown, total, onPageChange, label }: PaginationProps) {
  const t = useT();
  const pages = pageCount(total, pageSize);
  const from = shown > 0 ? (page - 1) * pageSize + 1 : 0;
  const to = shown > 0 ? from + shown - 1 : 0;

  return (
    <nav className="pagination" data-testid="pagination" aria-label={label ?? t('reviews.pagination.label')}>
      <p className="pagination-summary" data-testid="pagination-summary">
        {t('reviews.pagination.summary', { from, to, total })}
      </p>
      <div className="pagination-controls">
        <PageButton
          testId="page-first"
          label={t('reviews.pagination.first')}
          isDisabled={page <= 1}
          onPress={() => onPageChange(1)}
        >
          <FirstPageIcon />
        </PageButton>
        <PageButton
          testId="page-prev"
          label={t('reviews.pagination.previous')}
          isDisabled={page <= 1}
          onPress={() => onPageChange(page - 1)}
        >
          <ChevronLeftIcon />
        </PageButton>
        <span className="pagination-page">{t('reviews.pagination.page', { page, pages })}</span>
        <PageButton
          testId="page-next"
          label={t('reviews.pagination.next')}
          isDisabled={page >= pages}
          onPress={() => onPageChange(page + 1)}
        >
          <ChevronIcon />
        </PageButton>
        <PageButton
          testId="page-last"
          label={t('reviews.pagination.last')}
          isDisabled={page >= pages}
          onPress={() => onPageChange(pages)}
        >
          <LastPageIcon />
        </PageButton>
      </div>
    </nav>
  );
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

function PageButton({
  testId,
  label,
  isDisabled,
  onPress,
  children,
}: {
  testId: string;
  label: string;
  isDisabled: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="icon-button"
      data-testid={testId}
      aria-label={label}
      title={label}
      disabled={isDisabled}
      onClick={onPress}
    >
      {children}
    </button>
  );
}
