import type { FastifyRequest } from 'fastify';
import {
  COOKIES,
  DEFAULT_THEME,
  FALLBACK_LANGUAGE,
  isLanguage,
  parseDismissed,
  THEMES,
  type TLanguage,
  type TTheme,
} from '../../shared/constants.js';

export function dismissedOf(request: FastifyRequest): string[] {
  return parseDismissed(request.cookies?.[COOKIES.dismissed]);
}

export function themeOf(request: FastifyRequest): TTheme {
  const value = request.cookies?.[COOKIES.theme];
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as TTheme) : DEFAULT_THEME;
}

/** The language cookie wins; otherwise the first supported language the browser asks for; else en. */
export function localeOf(request: FastifyRequest): TLanguage {
  const cookie = request.cookies?.[COOKIES.language];
  if (isLanguage(cookie)) return cookie;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => isLanguage(entry.lang))
    .sort((a, b) => b.q - a.q);
  return (accepted[0]?.lang as TLanguage | undefined) ?? FALLBACK_LANGUAGE;
}

/**
 * The dashboard's CSP: scripts only from us and vike's nonce'd inline ones; inline style attributes allowed.
 * In development Vite's HMR websocket (its own port) must be reachable too.
 */
export function dashboardCsp(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    dev ? "connect-src 'self' ws://localhost:* ws://127.0.0.1:*" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
