import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type TContentEncoding = 'br' | 'gzip';

/** Smaller answers are sent as they are: compressing them saves less than the encoding header costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** The encoding to answer in: brotli when the client takes it, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): TContentEncoding | null {
  const accepts = String(acceptEncoding ?? '');
  if (/\bbr\b/.test(accepts)) return 'br';
  if (/\bgzip\b/.test(accepts)) return 'gzip';
  return null;
}

/** `best` for files compressed once at start (gzip 9, brotli 11); `fast` for answers compressed as they are cached. */
export function compress(body: Buffer, encoding: TContentEncoding, quality: 'fast' | 'best'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality === 'best' ? 11 : 5 } })
    : gzipSync(body, { level: quality === 'best' ? 9 : 6 });
}
