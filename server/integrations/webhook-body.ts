import { ApiError } from '../common/api-error.js';

/** A verified webhook's raw body as JSON; 400 for one that is not, or that PostgreSQL's jsonb could not hold. */
export function parseJsonBody(raw: Buffer): unknown {
  // jsonb has no NUL character: such a body could never be stored.
  if (raw.includes('\\u0000')) throw ApiError.badRequest('The webhook body holds a NUL character.', 'invalid_json');
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw ApiError.badRequest('The webhook body is not JSON.', 'invalid_json');
  }
}
