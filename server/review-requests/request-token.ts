import { createHash, randomBytes } from 'node:crypto';

/** A review request's link token: 256 random bits, in the mail's links; the database keeps its hash. */
export function newRequestToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRequestToken(token) };
}

export function hashRequestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The SHA-256 a suppression keeps of an address (lower-cased, trimmed), so an erased customer stays unmailed. */
export function hashEmail(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
