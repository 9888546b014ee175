import type { TModerationFlag } from '../../shared/moderation-options.js';
import type { TReview, TReviewFilter, TReviewStatusChange } from '../../shared/reviews.js';
import { photoSrcset } from '../media/processing/processed-keys.js';
import type { StatusChangeWithActor } from './review-history.repository.js';
import type { ReviewWithProduct } from './reviews.repository.js';

export type MediaUrl = (key: string) => string;

export function mapReview({ review, product }: ReviewWithProduct, mediaUrl: MediaUrl): TReview {
  return {
    id: review.id,
    status: review.status,
    deleted: review.deletedAt !== null,
    deleted_at: review.deletedAt?.toISOString() ?? null,
    product_id: product.externalId,
    product_name: product.name,
    product: {
      id: product.id,
      external_id: product.externalId,
      name: product.name,
      image: product.imageUrl,
      url: product.url,
      source: product.source,
    },
    video_url: review.videoKey ? mediaUrl(review.videoKey) : null,
    thumbnail_url: review.thumbnailKey ? mediaUrl(review.thumbnailKey) : null,
    photo_url: review.photoKey ? mediaUrl(review.photoKey) : null,
    photo_srcset: review.photoKey ? photoSrcset(review.photoKey, mediaUrl) : null,
    media_state: review.mediaState,
    media_error: review.mediaError,
    customer: { name: review.customerName, email: review.customerEmail },
    comment: review.comment,
    rating: review.rating,
    source: review.source,
    verified_purchase: review.verifiedPurchase,
    flags: review.moderationFlags as TModerationFlag[],
    created_at: review.createdAt.toISOString(),
    status_changed_at: review.statusChangedAt?.toISOString() ?? null,
    reply:
      review.replyText === null
        ? null
        : {
            text: review.replyText,
            created_at: (review.replyCreatedAt ?? review.createdAt).toISOString(),
            updated_at: (review.replyUpdatedAt ?? review.createdAt).toISOString(),
            mailed_at: review.replyMailedAt?.toISOString() ?? null,
          },
    pinned: review.pinnedAt !== null,
  };
}

export function mapStatusChange({ change, actor }: StatusChangeWithActor): TReviewStatusChange {
  return {
    id: change.id,
    from: change.fromStatus as TReviewFilter,
    to: change.toStatus as TReviewFilter,
    at: change.at.toISOString(),
    automatic: change.automatic,
    actor: actor && { id: actor.id, name: `${actor.firstName} ${actor.lastName}`.trim() || actor.email },
  };
}
