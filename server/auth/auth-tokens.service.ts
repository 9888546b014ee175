import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

export const ACCESS_TOKEN_TTL_S = 15 * 60;

interface AccessClaims {
  sub: string;
  typ: 'access';
  /** The user's session version when issued; a password change bumps it and voids older tokens. */
  sv: number;
  /** Set by the signer from `expiresIn` (seconds since the epoch). */
  exp?: number;
}

/** Tokens this instance verified lately: a client sends the same one on every call for up to 15 minutes. */
const VERIFIED_MAX = 10_000;

export interface AccessIdentity {
  userId: string;
  sessionVersion: number;
}

@Injectable()
export class AuthTokensService {
  /**
   * Identities of access tokens already verified, until they expire: the same string carries the same signature, so
   * verifying it again (a fifth of an authenticated call's time) can only give the same answer.
   */
  private readonly verified = new Map<string, { identity: AccessIdentity; expiresAt: number }>();

  constructor(private readonly jwt: JwtService) {}

  signAccess(userId: string, sessionVersion: number): Promise<string> {
    return this.jwt.signAsync({ sub: userId, typ: 'access', sv: sessionVersion } satisfies AccessClaims, {
      expiresIn: ACCESS_TOKEN_TTL_S,
    });
  }

  /** The identity in a valid, unexpired access token; null for anything else. */
  async verifyAccess(token: string): Promise<AccessIdentity | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known.identity;
      this.verified.delete(token);
    }
    try {
      const claims = await this.jwt.verifyAsync<AccessClaims>(token);
      if (claims.typ !== 'access' || typeof claims.sub !== 'string' || typeof claims.sv !== 'number') return null;
      const identity = { userId: claims.sub, sessionVersion: claims.sv };
      if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
      if (typeof claims.exp === 'number') this.verified.set(token, { identity, expiresAt: claims.exp * 1000 });
      return identity;
    } catch {
      return null;
    }
  }
}

/** Opaque single-use secrets (refresh tokens, reset codes, invitation tokens): 256 random bits. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as their SHA-256: a database leak gives no usable token. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
