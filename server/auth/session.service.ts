import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { COOKIES } from '../../shared/constants.js';
import type { TSessionUser } from '../../shared/session.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { AuthTokensService } from './auth-tokens.service.js';

/** Finds who is calling: `Authorization: JWT|Bearer <access>` or the HttpOnly access cookie (DESIGN §4). */
@Injectable()
export class SessionService {
  constructor(
    private readonly tokens: AuthTokensService,
    private readonly accounts: AccountsRepository,
  ) {}

  accessTokenOf(request: FastifyRequest): string | undefined {
    const header = request.headers.authorization;
    const match = header?.match(/^(?:JWT|Bearer)\s+(\S+)$/i);
    return match?.[1] ?? request.cookies?.[COOKIES.access];
  }

  async userOf(request: FastifyRequest): Promise<TSessionUser | null> {
    const token = this.accessTokenOf(request);
    if (!token) return null;
    const userId = await this.tokens.verifyAccess(token);
    return userId ? this.accounts.findSessionUser(userId) : null;
  }
}
