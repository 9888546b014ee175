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

/** Origins a third-party script needs beyond ours: where it loads from, calls, and frames. */
export interface CspSources {
  script: string[];
  connect: string[];
  frame: string[];
}

const STRIPE_JS_ORIGIN = 'https://js.stripe.com';

/**
 * What Stripe.js (card entry on the billing page) needs: its script and frames, and Stripe's API for the calls it makes
 * from the page. A stand-in served from elsewhere (STRIPE_JS_URL in the tests) needs its own origin for all three.
 */
export function stripeCspSources(jsUrl: string | null): CspSources {
  if (!jsUrl) return { script: [], connect: [], frame: [] };
  const origin = new URL(jsUrl).origin;
  if (origin !== STRIPE_JS_ORIGIN) return { script: [origin], connect: [origin], frame: [origin] };
  return {
    script: [STRIPE_JS_ORIGIN],
    connect: ['https://api.stripe.com'],
    frame: [STRIPE_JS_ORIGIN, 'https://hooks.stripe.com'],
  };
}

/**
 * The dashboard's CSP: scripts only from us, vike's nonce'd inline ones and the listed third parties; inline style
 * attributes allowed. In development Vite's HMR websocket (its own port) must be reachable too.
 */
export function dashboardCsp(nonce: string, dev = false, extra: CspSources = stripeCspSources(null)): string {
  const list = (values: string[]) => (values.length ? ` ${values.join(' ')}` : '');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${list(extra.script)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${list(extra.connect)}${dev ? ' ws://localhost:* ws://127.0.0.1:*' : ''}`,
    `frame-src${extra.frame.length ? list(extra.frame) : " 'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
