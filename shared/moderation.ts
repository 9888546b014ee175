import { z } from 'zod';
import { BLOCKED_WORD_MAX_LENGTH, BLOCKED_WORDS_MAX } from './moderation-options.js';
export * from './moderation-options.js';

// Automatic moderation (GET/PUT /api/moderation/settings/): which reviews publish themselves once publishable.

const ZModerationFields = z.object({
  /** false: the merchant approves every review (manual); true: reviews meeting every rule below publish themselves. */
  auto_publish: z.boolean({ error: 'true or false.' }),
  min_rating: z.number({ error: 'A rating from 1 to 5.' }).int().min(1, 'From 1 to 5.').max(5, 'From 1 to 5.'),
  verified_only: z.boolean({ error: 'true or false.' }),
  media_only: z.boolean({ error: 'true or false.' }),
  /** The store's own words (or phrases), matched as whole words, case-insensitive: a match holds the review back. */
  blocked_words: z
    .array(
      z
        .string({ error: 'A word.' })
        .trim()
        .min(1, 'A word cannot be empty.')
        .max(BLOCKED_WORD_MAX_LENGTH, `At most ${BLOCKED_WORD_MAX_LENGTH} characters.`),
      { error: 'A list of words.' },
    )
    .max(BLOCKED_WORDS_MAX, `At most ${BLOCKED_WORDS_MAX} words.`),
});

/** The saved settings (over MODERATION_DEFAULTS): what GET and PUT /api/moderation/settings/ answer. */
export const ZModerationSettings = ZModerationFields.strict().meta({ id: 'ModerationSettings' });
export type TModerationSettings = z.output<typeof ZModerationSettings>;

/** Any subset of the settings; the answer is every saved field. */
export const ZModerationSettingsPatch = ZModerationFields.partial().strict();
export type TModerationSettingsPatch = z.input<typeof ZModerationSettingsPatch>;
