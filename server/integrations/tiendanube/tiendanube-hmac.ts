import { createHmac, timingSafeEqual } from 'node:crypto';

/** `X-Linkedstore-HMAC-SHA256`: hex HMAC-SHA256 of the raw body under the app's secret (EXTERNAL_APIS §3.3). */
export function webhookHmac(raw: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

export function verifyWebhook(raw: Buffer, given: string | undefined, secret: string): boolean {
  if (!given || !secret || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(webhookHmac(raw, secret), 'hex'), Buffer.from(given, 'hex'));
}
