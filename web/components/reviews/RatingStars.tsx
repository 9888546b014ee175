import type { CSSProperties } from 'react';
import { useT } from '../../i18n/useT';

/**
 * Five stars read out as one image: "4 out of 5". One element drawn by CSS (`.rating` in reviews.css), not five
 * SVGs: a list of reviews has one per row, and the server renders, sends and the browser hydrates every element.
 */
export function RatingStars({ rating }: { rating: number }) {
  const t = useT();
  return (
    <span
      className="rating"
      role="img"
      aria-label={t('reviews.rating', { rating })}
      style={{ '--rating': rating } as CSSProperties}
    />
  );
}
