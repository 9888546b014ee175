import { randomBytes } from 'node:crypto';

/**
 * Public store ids look like `vr8f3k2m9q1x7c4d`: unguessable enough, short enough for a script URL. A store keeps its
 * id when it connects a platform, so a snippet already pasted keeps working (the platform's own id is kept apart).
 */
export function newStoreId(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return 'vr' + Array.from(randomBytes(14), (byte) => alphabet[byte % alphabet.length]).join('');
}
