import { useT } from '../../i18n/useT';
import type { TReview } from '../../../shared/reviews.js';
import { ImageIcon, PlayIcon, QuoteIcon } from '../icons';

/** The review's thumbnail as a button that opens the player; quotation marks for a review with only stars and text. */
export function ReviewMediaThumb({
  review,
  customer,
  onOpen,
}: {
  review: TReview;
  customer: string;
  onOpen: () => void;
}) {
  const t = useT();
  const isVideo = !!review.video_url;
  const preview = isVideo ? review.thumbnail_url : (review.photo_url ?? review.thumbnail_url);

  if (!isVideo && !review.photo_url) {
    return (
      <span className="media-thumb media-thumb-text" data-testid="review-text-only" title={t('reviews.textOnly')}>
        <QuoteIcon />
        <span className="visually-hidden">{t('reviews.textOnly')}</span>
      </span>
    );
  }

  return (
    <button
      type="button"
      className="media-thumb"
      data-testid="review-media"
      data-kind={isVideo ? 'video' : 'photo'}
      aria-label={t(isVideo ? 'reviews.media.playVideo' : 'reviews.media.viewPhoto', { customer })}
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      {preview ? (
        <img
          src={preview}
          // A processed photo's smallest size is plenty for a thumbnail.
          srcSet={!isVideo && review.photo_srcset ? review.photo_srcset : undefined}
          sizes="56px"
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : (
        <ImageIcon />
      )}
      {isVideo && (
        <span className="media-thumb-play">
          <PlayIcon />
        </span>
      )}
    </button>
  );
}
