import { isPublicPath } from '../../shared/constants.js';

/**
 * Where to go after signing in: the `next` query parameter when it is a path on this site, else '/'.
 * '//host' and '/\host' are rejected because browsers read both as another origin.
 */
export function safeNextPath(next: string | undefined, origin: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  const url = new URL(next, origin);
  if (url.origin !== origin || isPublicPath(url.pathname)) return '/';
  return url.pathname + url.search + url.hash;
}
