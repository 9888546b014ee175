// The sign-in proof of work (TLoginChallenge): the server checks it, the dashboard solves it. No dependencies, so
// the dashboard bundle stays small.

/** What is hashed: the challenge token and the client's nonce. */
export function proofMessage(token: string, nonce: string): string {
  return `${token}:${nonce}`;
}

/** How many zero bits the digest starts with. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** Nonces are short base-36 counters; anything else is refused before hashing. */
export const PROOF_NONCE = /^[0-9a-z]{1,16}$/;
