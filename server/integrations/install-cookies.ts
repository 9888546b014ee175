import type { FastifyReply, FastifyRequest } from 'fastify';

/** The secret that lets the browser which installed a store create its owner account (install-mode sign-up). */
export const INSTALL_CLAIM_COOKIE = 'install_claim';
export const INSTALL_CLAIM_TTL_S = 60 * 60;

/** The OAuth `state` nonce, bound to the browser that started the install (EXTERNAL_APIS §1.1). */
export const OAUTH_STATE_COOKIE = 'oauth_state';
export const OAUTH_STATE_TTL_S = 10 * 60;

function options(request: FastifyRequest, publicUrl: string, maxAge: number, path: string) {
  return {
    path,
    httpOnly: true,
    // Lax: sent on the platform's top-level redirect back to us, never on cross-site subrequests.
    sameSite: 'lax' as const,
    secure: request.protocol === 'https' || publicUrl.startsWith('https:'),
    maxAge,
  };
}

export function setInstallClaim(request: FastifyRequest, reply: FastifyReply, publicUrl: string, secret: string): void {
  void reply.setCookie(INSTALL_CLAIM_COOKIE, secret, options(request, publicUrl, INSTALL_CLAIM_TTL_S, '/'));
}

export function clearInstallClaim(reply: FastifyReply): void {
  void reply.clearCookie(INSTALL_CLAIM_COOKIE, { path: '/' });
}

/** Scoped to the platform's auth routes (the callback, and the install call a page posts). */
export function setOAuthState(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  path: string,
  nonce: string,
): void {
  void reply.setCookie(OAUTH_STATE_COOKIE, nonce, options(request, publicUrl, OAUTH_STATE_TTL_S, path));
}

export function clearOAuthState(reply: FastifyReply, path: string): void {
  void reply.clearCookie(OAUTH_STATE_COOKIE, { path });
}
