import { useT } from '../../i18n/useT';
import type { TReview } from '../../../shared/reviews.js';
import { useDateFormat } from '../../lib/useDateFormat';
import { ProductName } from '../ProductName';
import { ProductThumb } from '../ProductThumb';
import { RatingStars } from './RatingStars';
import { ReviewActions, type TRowAction } from './ReviewActions';
import { MediaStateChip } from './MediaStateChip';
import { ModerationFlags } from './ModerationFlags';
import { ReviewMediaThumb } from './ReviewMediaThumb';
import { ReviewStatusChip } from './ReviewStatusChip';
import { customerName, productName } from './reviewDisplay';
import { VerifiedBadge } from './VerifiedBadge';
import { SelectRowCell } from './bulk/SelectionCells';

export interface ReviewRowProps {
  review: TReview;
  canModerate: boolean;
  isBusy: boolean;
  onOpenMedia: (review: TReview) => void;
  onAction: (action: TRowAction, review: TReview) => void;
}

export function ReviewRow({ review, canModerate, isBusy, onOpenMedia, onAction }: ReviewRowProps) {
  const t = useT();
  const formatDate = useDateFormat();
  const customer = customerName(review, t('reviews.anonymous'));
  const product = productName(review);

  return (
    <tr
      className="review-row"
      data-testid="review-row"
      data-id={review.id}
      data-status={review.status}
      data-deleted={String(review.deleted)}
    >
      <SelectRowCell review={review} customer={customer} />
      <td data-column="product">
        <span className="review-product">
          <ProductThumb image={review.product.image} />
          <ProductName name={product} url={review.product.url} source={review.product.source} />
        </span>
      </td>
      <td data-column="media">
        <ReviewMediaThumb review={review} customer={customer} onOpen={() => onOpenMedia(review)} />
        <MediaStateChip review={review} />
      </td>
      <td data-column="customer">
        <span className="review-customer">
          <span className={review.customer.name.trim() ? 'review-customer-name' : 'review-muted'}>{customer}</span>
          {review.verified_purchase && <VerifiedBadge />}
          <span className="review-note">{formatDate(review.created_at)}</span>
        </span>
      </td>
      <td data-column="comment" className="review-comment-cell">
        {review.comment.trim() ? (
          <p className="review-comment">{review.comment}</p>
        ) : (
          <span className="review-muted">{t('reviews.noComment')}</span>
        )}
        <ModerationFlags review={review} />
      </td>
      <td data-column="rating">
        <RatingStars rating={review.rating} />
      </td>
      <td data-column="status">
        <ReviewStatusChip review={review} />
        {(review.pinned || review.reply) && (
          <span className="review-note review-voice" data-testid="review-voice">
            {[review.pinned && t('reviews.merchantVoice.pinned'), review.reply && t('reviews.merchantVoice.replied')]
              .filter(Boolean)
              .join(' · ')}
          </span>
        )}
      </td>
      {canModerate && (
        <td className="table-actions" data-column="actions">
          <ReviewActions review={review} customer={customer} isBusy={isBusy} onAction={onAction} />
        </td>
      )}
    </tr>
  );
}
