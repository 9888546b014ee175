import { createHmac, timingSafeEqual } from 'node:crypto';

// How a BigCommerce delivery proves where it comes from (EXTERNAL_APIS §2.5). Every hook we create carries two
// headers BigCommerce sends back: the store's hash and a token only we can compute for that store's current
// connection. Where the deployment is a BigCommerce app (BIGCOMMERCE_CLIENT_SECRET), the Standard Webhooks signature
// over the raw body is required as well.

export const STORE_HEADER = 'x-video-reviews-store';
export const TOKEN_HEADER = 'x-video-reviews-token';
const TOLERANCE_S = 5 * 60;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The token a store's hooks carry: tied to the connection, so a reconnect retires the hooks of the one before. */
export function webhookToken(key: string, merchantId: string, connectedAt: Date | null): string {
  return createHmac('sha256', key)
    .update(`bigcommerce-webhook:${merchantId}:${connectedAt?.getTime() ?? 0}`)
    .digest('base64url');
}

export function tokenMatches(expected: string, given: string | undefined): boolean {
  return given !== undefined && sameText(expected, given);
}

/** `v1,<base64>` over `{id}.{timestamp}.{body}`, keyed with the secret's raw bytes (Standard Webhooks). */
export function standardWebhookSignature(secret: string, id: string, timestamp: string, body: Buffer | string): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${id}.${timestamp}.`)
    .update(body)
    .digest('base64');
  return `v1,${mac}`;
}

/** One of the space-separated signatures must match, and the timestamp be within five minutes of now. */
export function verifyStandardWebhook(
  raw: Buffer,
  headers: { id?: string; timestamp?: string; signature?: string },
  secret: string,
  nowS = Math.floor(Date.now() / 1000),
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowS - Number(timestamp)) > TOLERANCE_S) return false;
  const expected = standardWebhookSignature(secret, id, timestamp, raw);
  return signature.split(' ').some((candidate) => sameText(candidate, expected));
}
