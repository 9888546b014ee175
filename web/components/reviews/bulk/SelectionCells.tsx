import { useT } from '../../../i18n/useT';
import type { TReview } from '../../../../shared/reviews.js';
import { useSelectionContext } from './ReviewSelectionContext';
import { SelectionCheckbox } from './SelectionCheckbox';

/** The checkbox column's header: picks or drops every row of the page. */
export function SelectPageCell() {
  const t = useT();
  const selection = useSelectionContext();
  if (!selection) return null;
  return (
    <th scope="col" className="select-cell">
      <SelectionCheckbox
        label={t('moderation.select.page')}
        testId="select-page"
        isSelected={selection.page === 'all'}
        isIndeterminate={selection.page === 'some'}
        onChange={selection.togglePage}
        inputRef={selection.pageCheckboxRef}
      />
    </th>
  );
}

export function SelectRowCell({ review, customer }: { review: TReview; customer: string }) {
  const t = useT();
  const selection = useSelectionContext();
  if (!selection) return null;
  return (
    <td className="select-cell">
      <SelectionCheckbox
        label={t('moderation.select.row', { customer })}
        testId="select-review"
        isSelected={selection.isSelected(review.id)}
        onChange={(selected) => selection.toggle(review, selected)}
      />
    </td>
  );
}
