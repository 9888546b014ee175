import { useT } from '../../i18n/useT';
import { REVIEW_FILTERS } from '../../../shared/review-statuses.js';
import type { TReviewFilter, TReviewStats } from '../../../shared/reviews.js';
import { SegmentedControl } from '../SegmentedControl';

export type TStatusOption = 'all' | TReviewFilter;
const OPTIONS: readonly TStatusOption[] = ['all', ...REVIEW_FILTERS];

const COUNT_OF = {
  all: 'total',
  pending: 'pending',
  approved: 'approved',
  rejected: 'rejected',
  deleted: 'deleted',
} as const satisfies Record<TStatusOption, keyof TReviewStats>;

export interface StatusFilterProps {
  value: TStatusOption;
  onChange: (value: TStatusOption) => void;
  /** Counts beside each option once they have loaded. */
  stats: TReviewStats | undefined;
}

export function StatusFilter({ value, onChange, stats }: StatusFilterProps) {
  const t = useT();
  return (
    <SegmentedControl
      label={t('reviews.filter.label')}
      testId="status-filter"
      value={value}
      onChange={onChange}
      options={OPTIONS.map((option) => ({
        value: option,
        content: (
          <>
            {t(`reviews.filter.${option}`)}
            {stats && <span className="segmented-count">{stats[COUNT_OF[option]]}</span>}
          </>
        ),
      }))}
    />
  );
}
