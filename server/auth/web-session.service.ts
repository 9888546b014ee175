import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIES, TOKEN_COOKIE_MAX_AGE_S } from '../../shared/constants.js';
import { toSessionUser, type TSessionUser } from '../../shared/session.js';
import { UserViewService } from '../accounts/user-view.service.js';
import { ApiError } from '../common/api-error.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { assertSameOrigin } from './same-origin.js';
import { SessionGuard } from './session.guard.js';
import { SessionTokensService, type SessionTokens } from './session-tokens.service.js';
import { SessionService } from './session.service.js';

export function clientInfo(request: FastifyRequest): { userAgent?: string; ip: string } {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

function lostRotationRace(error: unknown): boolean {
  return error instanceof ApiError && error.body.code === 'token_rotated';
}

/**
 * Sessions as the browser holds them (DESIGN §4): HttpOnly, SameSite=Lax cookies for 2 days, Secure behind
 * HTTPS, path / so server renders see them. API clients may pass the refresh token in the body instead.
 */
@Injectable()
export class WebSessionService {
  constructor(
    private readonly tokens: SessionTokensService,
    private readonly sessions: SessionService,
    private readonly views: UserViewService,
    private readonly guard: SessionGuard,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  setCookies<T extends SessionTokens>(request: FastifyRequest, reply: FastifyReply, tokens: T): T {
    const options = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      // The public URL counts too: behind a TLS-terminating proxy the request itself may look like plain HTTP.
      secure: request.protocol === 'https' || this.config.publicUrl.startsWith('https:'),
      maxAge: TOKEN_COOKIE_MAX_AGE_S,
    };
    void reply.setCookie(COOKIES.access, tokens.access, options).setCookie(COOKIES.refresh, tokens.refresh, options);
    return tokens;
  }

  clearCookies(reply: FastifyReply): void {
    void reply.clearCookie(COOKIES.access, { path: '/' }).clearCookie(COOKIES.refresh, { path: '/' });
  }

  async refresh(request: FastifyRequest, reply: FastifyReply, bodyToken?: string): Promise<SessionTokens> {
    const cookie = request.cookies[COOKIES.refresh];
    const token = bodyToken || cookie;
    if (!token) throw ApiError.unauthorized('No refresh token was provided.', 'token_not_valid');
    if (!bodyToken) assertSameOrigin(request, this.config.publicUrl);
    try {
      const { access, refresh } = await this.tokens.rotate(token, clientInfo(request));
      return this.setCookies(request, reply, { access, refresh });
    } catch (error) {
      if (!bodyToken && !lostRotationRace(error)) this.clearCookies(reply);
      throw error;
    }
  }

  async logout(request: FastifyRequest, reply: FastifyReply, bodyToken?: string): Promise<void> {
    const cookie = request.cookies[COOKIES.refresh];
    if (!bodyToken && cookie) assertSameOrigin(request, this.config.publicUrl);
    const token = bodyToken || cookie;
    if (token) await this.tokens.revoke(token);
    this.clearCookies(reply);
  }

  /**
   * The session of a page request (SPEC §4 "Authentication" on start): the access cookie, or, when only the
   * refresh token is still valid, a server-side refresh whose new cookies ride on the page's response.
   */
  async pageUser(request: FastifyRequest, reply: FastifyReply): Promise<TSessionUser | null> {
    const workspaceId = request.cookies[COOKIES.workspace];
    const access = request.cookies[COOKIES.access];
    const identity = access ? await this.sessions.identityOf(access) : null;
    const auth = identity ? await this.guard.sessionContext(identity, workspaceId) : null;
    if (auth) return toSessionUser(await this.views.view(auth.user, auth.workspace));

    const refresh = request.cookies[COOKIES.refresh];
    if (!refresh) return null;
    try {
      const rotated = await this.tokens.rotate(refresh, clientInfo(request));
      this.setCookies(request, reply, rotated);
      return this.views.sessionUser(rotated.user, workspaceId);
    } catch (error) {
      // A concurrent refresh (another tab) won the race and is setting newer cookies: keep them.
      if (!lostRotationRace(error)) this.clearCookies(reply);
      return null;
    }
  }
}
