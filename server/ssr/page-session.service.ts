import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIES } from '../../shared/constants.js';
import type { TSessionUser } from '../../shared/session.js';
import { UserViewService } from '../accounts/user-view.service.js';
import { clearSessionCookies, clientInfo, setSessionCookies } from '../auth/session-cookies.js';
import { SessionTokensService } from '../auth/session-tokens.service.js';
import { SessionService } from '../auth/session.service.js';

/**
 * The session of a page request (SPEC §4 "Authentication" on start): the access cookie, or, when only the
 * refresh token is still valid, a server-side refresh whose new cookies ride on the page's response.
 */
@Injectable()
export class PageSessionService {
  constructor(
    private readonly sessions: SessionService,
    private readonly tokens: SessionTokensService,
    private readonly views: UserViewService,
  ) {}

  async userOf(request: FastifyRequest, reply: FastifyReply): Promise<TSessionUser | null> {
    const workspaceId = request.cookies[COOKIES.workspace];
    const access = request.cookies[COOKIES.access];
    const user = access ? await this.sessions.userOfAccessToken(access) : null;
    if (user) return this.views.sessionUser(user, workspaceId);

    const refresh = request.cookies[COOKIES.refresh];
    if (!refresh) return null;
    try {
      const rotated = await this.tokens.rotate(refresh, clientInfo(request));
      setSessionCookies(request, reply, rotated);
      const refreshed = await this.sessions.userOfAccessToken(rotated.access);
      return refreshed ? this.views.sessionUser(refreshed, workspaceId) : null;
    } catch {
      clearSessionCookies(reply);
      return null;
    }
  }
}
