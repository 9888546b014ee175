import { createHash } from 'node:crypto';
import { hashSecret, newSecret } from '../auth/auth-tokens.service.js';

/** A review request's link token (256 random bits) for the mail's links, and the hash the database keeps. */
export function newRequestToken(): { token: string; hash: string } {
  const token = newSecret();
  return { token, hash: hashSecret(token) };
}

export const hashRequestToken = hashSecret;

/** The SecretBox context of `review_requests.token_sealed` (the token itself, for the reminders' links). */
export const TOKEN_SEAL_CONTEXT = 'review-request-token';

/** The SHA-256 a suppression keeps of an address (lower-cased, trimmed), so an erased customer stays unmailed. */
export function hashEmail(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
