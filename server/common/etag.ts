import { createHash } from 'node:crypto';

/** A strong ETag of the bytes (or the text's UTF-8 bytes) an answer sends. */
export function etagOf(content: string | Buffer): string {
  return `"${createHash('sha1').update(content).digest('base64url')}"`;
}
