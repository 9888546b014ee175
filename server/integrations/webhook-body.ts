import { ApiError } from '../common/api-error.js';
import { assertStorable, decodeUtf8 } from '../common/storable-text.js';

/**
 * A verified webhook's raw body as JSON; 400 for one that is not, or that PostgreSQL's jsonb could not hold (NUL, lone
 * surrogates, bytes that are not UTF-8: the input gate's rules, applied once the signature has been checked).
 */
export function parseJsonBody(raw: Buffer): unknown {
  const text = decodeUtf8(raw);
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw ApiError.badRequest('The webhook body is not JSON.', 'invalid_json');
  }
  assertStorable(payload);
  return payload;
}
