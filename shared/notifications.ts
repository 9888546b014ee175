import { z } from 'zod';

// Team notifications of new reviews (GET/PUT /api/notifications/preferences/): the signed-in member's own choice for
// the current store.

/** Each new review at once, a daily digest at DIGEST_TIME store time, or nothing. */
export const NEW_REVIEW_NOTICES = ['instant', 'digest', 'none'] as const;
export type TNewReviewNotice = (typeof NEW_REVIEW_NOTICES)[number];

/** The store-local time the daily digest goes out. */
export const DIGEST_TIME = '09:00';
/** A review of this many stars or fewer can be mailed at once whatever the member's choice (`low_rating_instant`). */
export const LOW_RATING_MAX = 2;

/** PUT /api/notifications/preferences/ */
export const ZNotificationPreferencesBody = z
  .object({
    new_reviews: z.enum(NEW_REVIEW_NOTICES, { error: 'Choose instant, digest or none.' }),
    low_rating_instant: z.boolean({ error: 'true or false.' }),
  })
  .strict();
export type TNotificationPreferencesBody = z.output<typeof ZNotificationPreferencesBody>;

/** What GET and PUT /api/notifications/preferences/ answer: the member's choice, and when the digest goes out. */
export const ZNotificationPreferences = ZNotificationPreferencesBody.extend({
  /** The store's IANA time zone the digest's DIGEST_TIME is in (UTC when the platform gave none). */
  time_zone: z.string(),
  /** DIGEST_TIME, "HH:MM" store time. */
  digest_time: z.string(),
}).meta({ id: 'NotificationPreferences' });
export type TNotificationPreferences = z.output<typeof ZNotificationPreferences>;

/** `/n/{token}`: a team notification mail's unsubscribe link. */
export const ZUnsubscribeLinkParams = z.object({ token: z.string().min(1).max(200) });
/** RFC 8058's one-click POST body (form-encoded); anything else is ignored. */
export const ZUnsubscribeOneClick = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: 'One-Click (RFC 8058).' }).optional(),
});
