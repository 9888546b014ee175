import { useT } from '../../i18n/useT';

const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars read out as one image: "4 out of 5". */
export function RatingStars({ rating }: { rating: number }) {
  const t = useT();
  return (
    <span className="rating" role="img" aria-label={t('reviews.rating', { rating })}>
      {STARS.map((star) => (
        <svg
          key={star}
          className="rating-star"
          data-filled={star <= rating || undefined}
          viewBox="0 0 24 24"
          width="16"
          height="16"
          aria-hidden="true"
          focusable="false"
        >
          <path d="m12 2.5 2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z" />
        </svg>
      ))}
    </span>
  );
}
