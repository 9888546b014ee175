import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import type { TReview } from '../../../shared/reviews.js';
import { CheckIcon, CloseIcon, DetailsIcon, EditIcon, RestoreIcon, TrashIcon } from '../icons';

export type TRowAction = 'details' | 'approve' | 'reject' | 'edit' | 'restore' | 'delete';

const ICONS = {
  details: DetailsIcon,
  approve: CheckIcon,
  reject: CloseIcon,
  edit: EditIcon,
  restore: RestoreIcon,
  delete: TrashIcon,
} satisfies Record<TRowAction, () => ReactNode>;

/** SPEC §4 Review status: what each status offers; a deleted review can only come back. Any opens in the drawer. */
export function actionsFor(review: TReview): TRowAction[] {
  if (review.deleted) return ['details', 'restore'];
  const byStatus = { pending: ['approve', 'reject'], approved: ['edit'], rejected: ['restore'] } as const;
  return ['details', ...byStatus[review.status], 'delete'];
}

export interface ReviewActionsProps {
  review: TReview;
  customer: string;
  /** This review's request is in flight: its buttons wait. */
  isBusy: boolean;
  onAction: (action: TRowAction, review: TReview) => void;
}

export function ReviewActions({ review, customer, isBusy, onAction }: ReviewActionsProps) {
  const t = useT();
  return (
    <span className="review-actions">
      {actionsFor(review).map((action) => {
        const Icon = ICONS[action];
        return (
          <button
            key={action}
            type="button"
            className="icon-button review-action"
            data-action={action}
            data-testid={`${action}-review`}
            aria-label={
              action === 'details'
                ? t('moderation.details.open', { customer })
                : t(`reviews.actions.${action}`, { customer })
            }
            aria-haspopup={action === 'details' || action === 'edit' || action === 'delete' ? 'dialog' : undefined}
            title={action === 'details' ? t('moderation.details.openShort') : t(`reviews.actions.${action}Short`)}
            disabled={isBusy}
            onClick={() => onAction(action, review)}
          >
            <Icon />
          </button>
        );
      })}
    </span>
  );
}
