import { ApiError } from '../common/api-error.js';
import { assertStorable, decodeUtf8 } from '../common/storable-text.js';

/**
 * The deepest nesting of objects and arrays a webhook body may have. The platforms' deliveries nest under ten levels
 * (a Stripe subscription event, a Shopify order with its lines' tax and discount sets); storing a value means
 * `JSON.stringify`, which recurses and overflows the stack past about 4,000 levels, and PostgreSQL's jsonb refuses
 * deeper ones still. 64 leaves every real delivery room and every step after parsing far from its limit.
 */
export const MAX_WEBHOOK_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text nests objects and arrays deeper than `limit`, read in one pass over the bytes (brackets inside
 * strings do not count), so a hostile body is refused before anything recursive sees it. UTF-8 never uses these
 * ASCII bytes inside a multi-byte character.
 */
export function nestsDeeperThan(raw: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
  }
  return false;
}

/**
 * A verified webhook's raw body as a JSON object; 400 for one that is not JSON, not an object, nested deeper than
 * `MAX_WEBHOOK_DEPTH`, or holding text PostgreSQL's jsonb could not store (NUL, lone surrogates, bytes that are not
 * UTF-8: the input gate's rules, applied once the signature has been checked).
 */
export function parseWebhookBody(raw: Buffer): Record<string, unknown> {
  const text = decodeUtf8(raw);
  if (nestsDeeperThan(raw, MAX_WEBHOOK_DEPTH)) {
    throw ApiError.badRequest(`The webhook body nests deeper than ${MAX_WEBHOOK_DEPTH} levels.`, 'invalid_webhook');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw ApiError.badRequest('The webhook body is not JSON.', 'invalid_json');
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw ApiError.badRequest('The webhook body is not a JSON object.', 'invalid_webhook');
  }
  assertStorable(payload);
  return payload as Record<string, unknown>;
}
