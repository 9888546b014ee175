import { compress, COMPRESS_MIN_BYTES, preferredEncoding, type TContentEncoding } from '../common/content-encoding.js';
import { etagOf } from '../common/etag.js';

/**
 * A cached answer: the JSON text and its ETag, so hits cost no serialisation, and the text compressed with brotli
 * (base64) when it is worth it, so each answer is compressed once for every instance, not at each instance's miss.
 */
export interface CachedJson {
  body: string;
  etag: string;
  br?: string;
}

/** An answer's bytes, and its compressed forms made the first time a client asks for them. */
type Encodings = { identity: Buffer } & Partial<Record<TContentEncoding, Buffer>>;

/** Answers held in memory (a few seconds per instance) are encoded once, not on every request. */
const encodings = new WeakMap<CachedJson, Encodings>();

export function cached(value: unknown): CachedJson {
  const body = JSON.stringify(value);
  const identity = Buffer.from(body);
  const json: CachedJson = { body, etag: etagOf(identity) };
  if (identity.length >= COMPRESS_MIN_BYTES) json.br = compress(identity, 'br', 'fast').toString('base64');
  // The instance that made it serves it next: its bytes are kept for that.
  encodings.set(json, { identity });
  return json;
}

/** The answer's bytes in the encoding the client takes best, when it is worth compressing. */
export function encodedBody(
  json: CachedJson,
  acceptEncoding: string | string[] | undefined,
): { encoding: TContentEncoding | null; bytes: Buffer } {
  let entry = encodings.get(json);
  if (!entry) encodings.set(json, (entry = { identity: Buffer.from(json.body) }));
  const encoding = entry.identity.length >= COMPRESS_MIN_BYTES ? preferredEncoding(acceptEncoding) : null;
  if (!encoding) return { encoding, bytes: entry.identity };
  // Brotli, what browsers take, comes made with the answer from the shared cache: only gzip is compressed here.
  entry[encoding] ??=
    encoding === 'br' && json.br ? Buffer.from(json.br, 'base64') : compress(entry.identity, encoding, 'fast');
  return { encoding, bytes: entry[encoding] };
}
