import type { TModerationFlag, TModerationSettings } from '../../shared/moderation.js';

/** What the rules look at, once the review is publishable (its media processed, or none to process). */
export interface AutoPublishCandidate {
  rating: number;
  verifiedPurchase: boolean;
  hasMedia: boolean;
  flags: readonly TModerationFlag[];
}

/** Publish it (within the plan, which may still leave it pending), or why it waits for the merchant. */
export type AutoPublishDecision =
  { publish: true } | { publish: false; reason: 'manual' | 'flagged' | 'rating' | 'not_verified' | 'no_media' };

type Rules = Pick<TModerationSettings, 'auto_publish' | 'min_rating' | 'verified_only' | 'media_only'>;

/** Every rule must hold; a review the content filter flagged is never published automatically. */
export function decideAutoPublish(settings: Rules, review: AutoPublishCandidate): AutoPublishDecision {
  if (!settings.auto_publish) return { publish: false, reason: 'manual' };
  if (review.flags.length) return { publish: false, reason: 'flagged' };
  if (review.rating < settings.min_rating) return { publish: false, reason: 'rating' };
  if (settings.verified_only && !review.verifiedPurchase) return { publish: false, reason: 'not_verified' };
  if (settings.media_only && !review.hasMedia) return { publish: false, reason: 'no_media' };
  return { publish: true };
}
