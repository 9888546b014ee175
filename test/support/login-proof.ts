import { createHash } from 'node:crypto';
import type { TLoginChallenge, TLoginProof } from '../../shared/accounts.js';

/** Solves a sign-in challenge as a client would (counting up in base 36), with Node's SHA-256. */
export function solveProof(challenge: TLoginChallenge): TLoginProof {
  const wanted = challenge.difficulty;
  for (let n = 0; ; n += 1) {
    const nonce = n.toString(36);
    const digest = createHash('sha256').update(`${challenge.token}:${nonce}`).digest();
    if (zeroBits(digest) >= wanted) return { challenge: challenge.token, nonce };
  }
}

/** A nonce that does not solve it. */
export function wrongNonce(challenge: TLoginChallenge): TLoginProof {
  for (let n = 0; ; n += 1) {
    const nonce = n.toString(36);
    const digest = createHash('sha256').update(`${challenge.token}:${nonce}`).digest();
    if (zeroBits(digest) < challenge.difficulty) return { challenge: challenge.token, nonce };
  }
}

function zeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24;
    bits += 8;
  }
  return bits;
}
