import type { TLoginChallenge } from '../../shared/accounts.js';
import { leadingZeroBits, proofMessage } from '../../shared/login-proof.js';
import { sha256 } from '../../shared/sha256.js';

/** Digests per round: enough to keep WebCrypto busy, few enough that the page stays responsive in between. */
const BATCH = 512;

/**
 * Finds the nonce a sign-in challenge asks for: counts up in base 36 until SHA-256(token:nonce) starts with enough
 * zero bits. WebCrypto where the page has it (HTTPS and localhost), plain JavaScript elsewhere.
 */
export async function solveLoginProof(challenge: TLoginChallenge): Promise<string> {
  const encoder = new TextEncoder();
  const subtle = globalThis.crypto?.subtle;
  const digest = subtle
    ? async (data: Uint8Array<ArrayBuffer>) => new Uint8Array(await subtle.digest('SHA-256', data))
    : async (data: Uint8Array<ArrayBuffer>) => sha256(data);
  for (let start = 0; ; start += BATCH) {
    const nonces = Array.from({ length: BATCH }, (_, i) => (start + i).toString(36));
    const digests = await Promise.all(
      nonces.map((nonce) => digest(encoder.encode(proofMessage(challenge.token, nonce)))),
    );
    const found = digests.findIndex((bytes) => leadingZeroBits(bytes) >= challenge.difficulty);
    if (found >= 0) return nonces[found];
  }
}
