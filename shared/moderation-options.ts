// Moderation flags and limits, without zod: the dashboard imports these, not the schemas.

/**
 * Why the content filter held a review back (it stays pending, never published automatically): profanity, a link, an
 * e-mail address or a phone number in the text, the same text already sent from the same address, a second review of
 * the product by the same address, or one of the store's own blocked words.
 */
export const MODERATION_FLAGS = [
  'profanity',
  'link',
  'email',
  'phone',
  'duplicate_text',
  'second_review',
  'blocked_word',
] as const;
export type TModerationFlag = (typeof MODERATION_FLAGS)[number];

export const BLOCKED_WORDS_MAX = 200;
export const BLOCKED_WORD_MAX_LENGTH = 60;

/** A store that never saved: every review waits for the merchant (manual moderation). */
export const MODERATION_DEFAULTS = {
  auto_publish: false,
  min_rating: 4,
  verified_only: false,
  media_only: false,
  blocked_words: [] as string[],
};
