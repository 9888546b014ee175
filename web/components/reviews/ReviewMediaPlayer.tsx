import { useT } from '../../i18n/useT';
import type { TReview } from '../../../shared/reviews.js';
import { customerName, productName } from './reviewDisplay';

/**
 * The review's video (its thumbnail as the poster) or photo, through the signed dashboard links; nothing without.
 * `autoPlay`: opened by a click on "Play", so the browser lets it start at once, sound on.
 */
export function ReviewMediaPlayer({ review, autoPlay = false }: { review: TReview; autoPlay?: boolean }) {
  const t = useT();
  if (review.video_url) {
    return (
      <video
        className="media-player"
        src={review.video_url}
        poster={review.thumbnail_url ?? undefined}
        controls
        playsInline
        autoPlay={autoPlay}
        preload={autoPlay ? 'auto' : 'metadata'}
      >
        {t('reviews.media.noVideoSupport')}
      </video>
    );
  }
  if (!review.photo_url) return null;
  return (
    <img
      className="media-player"
      src={review.photo_url}
      alt={t('reviews.media.photoAlt', {
        customer: customerName(review, t('reviews.anonymous')),
        product: productName(review),
      })}
    />
  );
}
