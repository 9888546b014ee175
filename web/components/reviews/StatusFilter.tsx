import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { REVIEW_FILTERS, type TReviewFilter, type TReviewStats } from '../../../shared/reviews.js';

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

/** A single-choice group (radios to assistive technology); one option is always selected. */
export function StatusFilter({ value, onChange, stats }: StatusFilterProps) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      className="segmented"
      data-testid="status-filter"
      aria-label={t('reviews.filter.label')}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys) => {
        const [key] = keys;
        if (key !== undefined) onChange(key as TStatusOption);
      }}
    >
      {OPTIONS.map((option) => (
        <ToggleButton key={option} id={option} className="segmented-option" data-value={option}>
          {t(`reviews.filter.${option}`)}
          {stats && <span className="segmented-count">{stats[COUNT_OF[option]]}</span>}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
