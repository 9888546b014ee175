import { decideAutoPublish } from './auto-publish-rules.js';

const RULES = {
  manual: { auto_publish: false, min_rating: 1, verified_only: false, media_only: false },
  'rating ≥ 4': { auto_publish: true, min_rating: 4, verified_only: false, media_only: false },
  'verified only': { auto_publish: true, min_rating: 1, verified_only: true, media_only: false },
  'media only': { auto_publish: true, min_rating: 1, verified_only: false, media_only: true },
  'all three': { auto_publish: true, min_rating: 4, verified_only: true, media_only: true },
} as const;

/** Every review kind (rating × verified × media × flagged) under every rule set, as `publish` or the reason it waits. */
function table(): Record<string, string[]> {
  const reviews = [3, 5].flatMap((rating) =>
    [false, true].flatMap((verifiedPurchase) =>
      [false, true].flatMap((hasMedia) =>
        [false, true].map((flagged) => ({
          rating,
          verifiedPurchase,
          hasMedia,
          flags: flagged ? (['profanity'] as const) : [],
        })),
      ),
    ),
  );
  return Object.fromEntries(
    Object.entries(RULES).map(([name, rules]) => [
      name,
      reviews.map((review) => {
        const decision = decideAutoPublish(rules, review);
        return decision.publish ? 'publish' : decision.reason;
      }),
    ]),
  );
}

describe('automatic publication rules', () => {
  it('decides every review kind under every rule set', () => {
    // columns: rating 3 then 5; within each: unverified then verified; within each: no media then media;
    // within each: clean then flagged
    const P = 'publish';
    const F = 'flagged';
    expect(table()).toEqual({
      manual: Array(16).fill('manual'),
      'rating ≥ 4': ['rating', F, 'rating', F, 'rating', F, 'rating', F, P, F, P, F, P, F, P, F],
      'verified only': [
        'not_verified',
        F,
        'not_verified',
        F,
        P,
        F,
        P,
        F,
        'not_verified',
        F,
        'not_verified',
        F,
        P,
        F,
        P,
        F,
      ],
      'media only': ['no_media', F, P, F, 'no_media', F, P, F, 'no_media', F, P, F, 'no_media', F, P, F],
      'all three': [
        ...['rating', F, 'rating', F, 'rating', F, 'rating', F],
        ...['not_verified', F, 'not_verified', F, 'no_media', F, P, F],
      ],
    });
  });
});
