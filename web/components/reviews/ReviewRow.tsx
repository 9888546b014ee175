import { useTranslation } from 'react-i18next';
import type { TReview } from '../../../shared/reviews.js';
import { useDateFormat } from '../../lib/useDateFormat';
import { RatingStars } from './RatingStars';
import { ReviewActions, type TRowAction } from './ReviewActions';
import { ReviewMediaThumb } from './ReviewMediaThumb';
import { ReviewStatusChip } from './ReviewStatusChip';
import { customerName, productName } from './reviewDisplay';
import { VerifiedBadge } from './VerifiedBadge';

export interface ReviewRowProps {
  review: TReview;
  canModerate: boolean;
  isBusy: boolean;
  onOpenMedia: (review: TReview) => void;
  onAction: (action: TRowAction, review: TReview) => void;
}

export function ReviewRow({ review, canModerate, isBusy, onOpenMedia, onAction }: ReviewRowProps) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const customer = customerName(review, t('reviews.anonymous'));
  const product = productName(review);

  return (
    <tr data-testid="review-row" data-id={review.id} data-status={review.status} data-deleted={String(review.deleted)}>
      <td>
        <span className="review-product">
          {review.product.image ? (
            <img className="review-product-image" src={review.product.image} alt="" loading="lazy" decoding="async" />
          ) : (
            <span className="review-product-image" aria-hidden="true" />
          )}
          {review.product.url ? (
            <a className="review-product-name" href={review.product.url} target="_blank" rel="noopener noreferrer">
              {product}
            </a>
          ) : (
            <span className="review-product-name">{product}</span>
          )}
        </span>
      </td>
      <td>
        <ReviewMediaThumb review={review} customer={customer} onOpen={() => onOpenMedia(review)} />
      </td>
      <td>
        <span className="review-customer">
          <span className={review.customer.name.trim() ? 'review-customer-name' : 'review-muted'}>{customer}</span>
          {review.verified_purchase && <VerifiedBadge />}
          <span className="review-note">{formatDate(review.created_at)}</span>
        </span>
      </td>
      <td className="review-comment-cell">
        {review.comment.trim() ? (
          <p className="review-comment">{review.comment}</p>
        ) : (
          <span className="review-muted">{t('reviews.noComment')}</span>
        )}
      </td>
      <td>
        <RatingStars rating={review.rating} />
      </td>
      <td>
        <ReviewStatusChip review={review} />
      </td>
      {canModerate && (
        <td className="table-actions">
          <ReviewActions review={review} customer={customer} isBusy={isBusy} onAction={onAction} />
        </td>
      )}
    </tr>
  );
}
