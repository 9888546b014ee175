import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { TLoginChallenge, TLoginProof } from '../../shared/accounts.js';
import { PROOF_NONCE, leadingZeroBits, proofMessage } from '../../shared/login-proof.js';
import type { Cache } from '../cache/cache.js';
import { Signer } from '../common/signer.js';
import { CACHE } from '../cache/cache.module.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

/** A challenge must be answered within this time. */
export const PROOF_TTL_MS = 2 * 60_000;

interface ChallengeClaims {
  /** Names the challenge in the used-proofs set. */
  id: string;
  /** Which email it was issued for (a keyed digest, not the address). */
  e: string;
  /** Zero bits required. */
  d: number;
  /** Expiry, ms since the epoch. */
  x: number;
}

export type ProofVerdict = 'ok' | 'invalid' | 'expired' | 'too_easy' | 'used';

/**
 * Stateless, signed challenges for the sign-in proof of work: HMAC-signed under a key derived from JWT_SECRET so any
 * instance can check one, bound to an email, expiring, and single-use through the shared cache (Redis when set, so
 * every instance agrees).
 */
@Injectable()
export class LoginProofService {
  private readonly signer: Signer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CACHE) private readonly cache: Cache,
  ) {
    this.signer = new Signer(config.secrets.jwt, 'login-proof/v1');
  }

  challenge(email: string, difficulty: number, ttlMs = PROOF_TTL_MS): TLoginChallenge {
    const claims: ChallengeClaims = {
      id: randomBytes(12).toString('base64url'),
      e: this.emailTag(email),
      d: difficulty,
      x: Date.now() + ttlMs,
    };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return {
      token: `${payload}.${this.signer.sign(payload)}`,
      difficulty,
      expires_at: new Date(claims.x).toISOString(),
    };
  }

  /** Checks the work, then spends the challenge: the same proof never counts twice. */
  async verify(proof: TLoginProof, email: string, minDifficulty: number): Promise<ProofVerdict> {
    const claims = this.claimsOf(proof.challenge);
    if (!claims || claims.e !== this.emailTag(email) || !PROOF_NONCE.test(proof.nonce)) return 'invalid';
    const remainingMs = claims.x - Date.now();
    if (remainingMs <= 0) return 'expired';
    if (claims.d < minDifficulty) return 'too_easy';
    const digest = createHash('sha256').update(proofMessage(proof.challenge, proof.nonce)).digest();
    if (leadingZeroBits(digest) < claims.d) return 'invalid';
    const { count } = await this.cache.hit(`login-proof:${claims.id}`, Math.ceil(remainingMs / 1000));
    return count === 1 ? 'ok' : 'used';
  }

  private claimsOf(token: string): ChallengeClaims | null {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined || !this.signer.verify(payload, signature)) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ChallengeClaims;
      return typeof claims.id === 'string' && typeof claims.d === 'number' && typeof claims.x === 'number'
        ? claims
        : null;
    } catch {
      return null;
    }
  }

  private emailTag(email: string): string {
    return this.signer.sign(`email:${email}`).slice(0, 22);
  }
}
