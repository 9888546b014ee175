import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

export const ACCESS_TOKEN_TTL_S = 15 * 60;

interface AccessClaims {
  sub: string;
  typ: 'access';
}

@Injectable()
export class AuthTokensService {
  constructor(private readonly jwt: JwtService) {}

  signAccess(userId: string): Promise<string> {
    return this.jwt.signAsync({ sub: userId, typ: 'access' } satisfies AccessClaims, { expiresIn: ACCESS_TOKEN_TTL_S });
  }

  /** The user id of a valid, unexpired access token; null for anything else. */
  async verifyAccess(token: string): Promise<string | null> {
    try {
      const claims = await this.jwt.verifyAsync<AccessClaims>(token);
      return claims.typ === 'access' && typeof claims.sub === 'string' ? claims.sub : null;
    } catch {
      return null;
    }
  }
}
