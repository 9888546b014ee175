import { ApiError } from '../../common/api-error.js';

interface StripeErrorLike {
  type?: string;
  statusCode?: number;
  message?: string;
}

/** Stripe's outages are usually over within minutes; the dashboard asks the merchant to try again in a minute. */
const RETRY_AFTER_S = 30;

/** Stripe errors a merchant's request can cause (a declined card, an id that is not theirs): 4xx, not 500. */
export function refusedByStripe(error: unknown): ApiError | null {
  const stripeError = error as StripeErrorLike | null;
  if (stripeError?.type === 'StripeCardError' || stripeError?.type === 'StripeInvalidRequestError') {
    return ApiError.badRequest(stripeError.message ?? 'Stripe refused the request.', 'payment_refused');
  }
  return null;
}

/**
 * Stripe out of reach, as the SDK reports it: no answer at all (refused, dropped, timed out) or its rate limit → 503;
 * an answer of 5xx, or one that is not Stripe's JSON (a proxy's error page) → 502. Nothing was recorded on this side.
 */
export function stripeUnavailable(error: unknown): ApiError | null {
  const stripeError = error as StripeErrorLike | null;
  const unreachable = stripeError?.type === 'StripeConnectionError' || stripeError?.type === 'StripeRateLimitError';
  const failing =
    stripeError?.type === 'StripeAPIError' && (stripeError.statusCode === undefined || stripeError.statusCode >= 500);
  if (!unreachable && !failing) return null;
  return new ApiError(
    unreachable ? 503 : 502,
    {
      detail: unreachable
        ? 'Stripe, the payment provider, cannot be reached right now. Please try again in a minute.'
        : 'Stripe, the payment provider, answered with an error. Please try again in a minute.',
      code: 'payment_provider_unavailable',
    },
    { 'retry-after': String(RETRY_AFTER_S) },
  );
}
