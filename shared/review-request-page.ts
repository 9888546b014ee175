import { z } from 'zod';
import { ZReviewUpload } from './reviews.js';

// The review request's link, for the buyer (issue 24): the hosted review page `/r/{token}`, its submissions, and the
// unsubscribe page `/u/{token}`.

export const ZRequestLinkParams = z.object({ token: z.string().min(1).max(200) });

/**
 * `/r/{token}?rating=N&product=ID`: the star the mail's link chose, for that product when the mail lists several;
 * anything else is ignored (the page opens on the first product not reviewed, without a star).
 */
export const ZRequestPageQuery = z.object({
  rating: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  product: z.string().max(200).optional().catch(undefined),
});

/**
 * POST /u/{token}: RFC 8058's one-click body (`List-Unsubscribe=One-Click`), or the page's own buttons
 * (`action=resubscribe` | `unsubscribe`). Form-encoded; the token is the only credential.
 */
export const ZUnsubscribeForm = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: 'One-Click (RFC 8058).' }).optional(),
  action: z.enum(['unsubscribe', 'resubscribe'], { error: 'unsubscribe or resubscribe.' }).optional(),
});
export type TUnsubscribeForm = z.input<typeof ZUnsubscribeForm>;

/**
 * POST /api/review-requests/public/{token}/reviews/: the widget's review upload, where the link names the store, the
 * buyer (their address is the request's) and the products (`product_id` is one of the request's).
 */
export const ZRequestReviewUpload = ZReviewUpload.omit({
  merchant_id: true,
  customer_email: true,
  product_name: true,
  product_image: true,
  product_url: true,
});
export type TRequestReviewUpload = z.input<typeof ZRequestReviewUpload>;

/** What the submission answers: the review, waiting for the store's moderation. */
export const ZRequestReviewSubmitted = z
  .object({ id: z.uuid(), status: z.literal('pending') })
  .meta({ id: 'RequestReviewSubmitted' });
export type TRequestReviewSubmitted = z.output<typeof ZRequestReviewSubmitted>;
