import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { COOKIES } from '../../shared/constants.js';
import { AccountsRepository, type UserRow } from '../accounts/accounts.repository.js';
import { AuthTokensService, type AccessIdentity } from './auth-tokens.service.js';

/** Cookie-borne sessions need the same-origin check on writes; header tokens do not. */
export type TTokenSource = 'header' | 'cookie';

export interface Identified {
  identity: AccessIdentity;
  via: TTokenSource;
}

/** Finds who is calling: `Authorization: JWT|Bearer <access>` or the HttpOnly access cookie (DESIGN §4). */
@Injectable()
export class SessionService {
  constructor(
    private readonly tokens: AuthTokensService,
    private readonly accounts: AccountsRepository,
  ) {}

  /** Whom the request's access token names, checked without a database read (`userOf` makes the read). */
  async identify(request: FastifyRequest): Promise<Identified | null> {
    const header = request.headers.authorization?.match(/^(?:JWT|Bearer)\s+(\S+)$/i)?.[1];
    const token = header ?? request.cookies?.[COOKIES.access];
    if (!token) return null;
    const identity = await this.tokens.verifyAccess(token);
    return identity ? { identity, via: header ? 'header' : 'cookie' } : null;
  }

  /** The token's user, while still active and on the session version the token was issued for. */
  async userOf(identity: AccessIdentity): Promise<UserRow | null> {
    const user = await this.accounts.findUserById(identity.userId);
    return user?.isActive && user.sessionVersion === identity.sessionVersion ? user : null;
  }

  /** Whom an access token names, checked without a database read. */
  identityOf(token: string): Promise<AccessIdentity | null> {
    return this.tokens.verifyAccess(token);
  }
}
