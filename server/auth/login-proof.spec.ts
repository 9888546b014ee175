import { createHash, randomBytes } from 'node:crypto';
import { leadingZeroBits } from '../../shared/login-proof.js';
import { sha256 } from '../../shared/sha256.js';

describe('leadingZeroBits', () => {
  it('counts the zero bits a digest starts with', () => {
    expect(leadingZeroBits(new Uint8Array([0x80, 0]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01, 0xff]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x20]))).toBe(18);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });
});

describe('sha256 (the dashboard’s fallback where WebCrypto is withheld)', () => {
  it.each([0, 1, 55, 56, 63, 64, 65, 119, 120, 200])('matches Node’s SHA-256 for %i bytes', (length) => {
    const data = randomBytes(length);
    expect(Buffer.from(sha256(new Uint8Array(data))).toString('hex')).toBe(
      createHash('sha256').update(data).digest('hex'),
    );
  });
});
