import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signatures for one purpose (signed media links, sign-in challenges…), under a key derived from one of
 * the app's secrets for that purpose alone: a signature made for one use never stands for another.
 */
export class Signer {
  private readonly key: Buffer;

  constructor(secret: string | Buffer, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', purpose, 32));
  }

  /** base64url. */
  sign(message: string): string {
    return createHmac('sha256', this.key).update(message).digest('base64url');
  }

  /** Whether `signature` is this signer's for `message`, compared in constant time. */
  verify(message: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(message));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
