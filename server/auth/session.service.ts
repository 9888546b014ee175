import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { COOKIES } from '../../shared/constants.js';
import { AccountsRepository, type UserRow } from '../accounts/accounts.repository.js';
import { AuthTokensService } from './auth-tokens.service.js';

export interface Authenticated {
  user: UserRow;
  /** Cookie-borne sessions need the same-origin check on writes; header tokens do not. */
  via: 'header' | 'cookie';
}

/** Finds who is calling: `Authorization: JWT|Bearer <access>` or the HttpOnly access cookie (DESIGN §4). */
@Injectable()
export class SessionService {
  constructor(
    private readonly tokens: AuthTokensService,
    private readonly accounts: AccountsRepository,
  ) {}

  async authenticate(request: FastifyRequest): Promise<Authenticated | null> {
    const header = request.headers.authorization?.match(/^(?:JWT|Bearer)\s+(\S+)$/i)?.[1];
    const token = header ?? request.cookies?.[COOKIES.access];
    if (!token) return null;
    const user = await this.userOfAccessToken(token);
    return user ? { user, via: header ? 'header' : 'cookie' } : null;
  }

  async userOfAccessToken(token: string): Promise<UserRow | null> {
    const identity = await this.tokens.verifyAccess(token);
    if (!identity) return null;
    const user = await this.accounts.findUserById(identity.userId);
    return user?.isActive && user.sessionVersion === identity.sessionVersion ? user : null;
  }
}
