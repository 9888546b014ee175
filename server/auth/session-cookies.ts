import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIES, TOKEN_COOKIE_MAX_AGE_S } from '../../shared/constants.js';
import type { SessionTokens } from './session-tokens.service.js';

// DESIGN §4: HttpOnly, SameSite=Lax, 2 days, Secure behind HTTPS. Path / so server renders see them too.

function options(request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge: TOKEN_COOKIE_MAX_AGE_S,
  };
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, tokens: SessionTokens): void {
  void reply
    .setCookie(COOKIES.access, tokens.access, options(request))
    .setCookie(COOKIES.refresh, tokens.refresh, options(request));
}

export function clearSessionCookies(reply: FastifyReply): void {
  void reply.clearCookie(COOKIES.access, { path: '/' }).clearCookie(COOKIES.refresh, { path: '/' });
}

export function clientInfo(request: FastifyRequest): { userAgent?: string; ip: string } {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}
