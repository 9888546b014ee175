import { useT } from '../../../i18n/useT';
import type { TReview } from '../../../../shared/reviews.js';
import { usePinReview } from '../../../api/reviewReplies';
import { ActionButton } from '../../ActionButton';
import { useToast } from '../../toast/ToastProvider';

/** Pins the review to the top of its product's reviews on the storefront, or unpins it. */
export function PinButton({ review }: { review: TReview }) {
  const t = useT();
  const { showToast } = useToast();
  const pin = usePinReview(review);
  const toggle = () =>
    pin.mutate(!review.pinned, {
      onSuccess: (_, pinned) => showToast(t(pinned ? 'moderation.pin.pinned' : 'moderation.pin.unpinned'), 'success'),
      onError: () => showToast(t('moderation.pin.error'), 'error'),
    });
  return (
    <ActionButton variant="secondary" testId="drawer-pin" isPending={pin.isPending} onPress={toggle}>
      {t(review.pinned ? 'moderation.pin.unpin' : 'moderation.pin.pin')}
    </ActionButton>
  );
}
