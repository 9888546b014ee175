import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signed request's `timestamp` may be from now (EXTERNAL_APIS §1.1). */
export const QUERY_TOLERANCE_S = 90;

/**
 * The message Shopify signs in a query (install request, OAuth callback), built as Shopify's own library builds it
 * (`@shopify/shopify-api`, `utils/hmac-validator.ts`): every parameter but `hmac` and `signature`, keys sorted by
 * `localeCompare`, as `k=v&k=v` in URLSearchParams encoding, so a space is `+`.
 */
export function signedQueryMessage(params: Record<string, string>): string {
  const entries = Object.entries(params)
    .filter(([key]) => key !== 'hmac' && key !== 'signature')
    .sort(([a], [b]) => a.localeCompare(b));
  return new URLSearchParams(entries).toString();
}

export function queryHmac(params: Record<string, string>, secret: string): string {
  return createHmac('sha256', secret).update(signedQueryMessage(params)).digest('hex');
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A query signed with the app's secret within the last 90 s (either way, for clock skew). */
export function verifyQuery(params: Record<string, string>, secret: string, nowMs = Date.now()): boolean {
  const given = params.hmac;
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  if (!sameBytes(Buffer.from(queryHmac(params, secret), 'hex'), Buffer.from(given, 'hex'))) return false;
  const timestamp = Number(params.timestamp);
  return Number.isInteger(timestamp) && Math.abs(nowMs / 1000 - timestamp) <= QUERY_TOLERANCE_S;
}

export function webhookHmac(rawBody: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** `X-Shopify-Hmac-Sha256`: base64 HMAC-SHA256 of the raw body under the app's secret, compared in constant time. */
export function verifyWebhook(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header || !/^[A-Za-z0-9+/]{43}=$/.test(header)) return false;
  return sameBytes(Buffer.from(webhookHmac(rawBody, secret), 'base64'), Buffer.from(header, 'base64'));
}
