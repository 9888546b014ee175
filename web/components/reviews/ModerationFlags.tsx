import { useT } from '../../i18n/useT';
import type { TReview } from '../../../shared/reviews.js';

/** Why the content filter held the review back (it waits for the merchant): one chip a reason, nothing when clean. */
export function ModerationFlags({ review }: { review: TReview }) {
  const t = useT();
  if (!review.flags.length) return null;
  return (
    <ul className="moderation-flags" data-testid="moderation-flags" aria-label={t('moderation.flagsLabel')}>
      {review.flags.map((flag) => (
        <li key={flag} className="chip chip-tint chip-flag" data-flag={flag}>
          {t(`moderation.flags.${flag}`)}
        </li>
      ))}
    </ul>
  );
}
