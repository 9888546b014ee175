import { BAD_UTF8, BAD_UTF8_BYTES } from './zod-arbitrary.js';

// Requests as bytes, so a test can send what well-behaved clients cannot: lone surrogates encoded as if they were
// characters (WTF-8), bytes that are not UTF-8 (where BAD_UTF8 stands), over-long lines.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function wtf8(text: string): Buffer {
  if (!LONE_SURROGATE.test(text)) return Buffer.from(text);
  const parts: Buffer[] = [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const pair = unit >= 0xd800 && unit <= 0xdbff && /[\uDC00-\uDFFF]/.test(text[i + 1] ?? '');
    if (pair) {
      parts.push(Buffer.from(text.slice(i, i + 2)));
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      parts.push(Buffer.from([0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]));
    } else {
      parts.push(Buffer.from(text[i]));
    }
  }
  return Buffer.concat(parts);
}

/** The bytes a careless client would send for `text`. */
export function wireBytes(text: string): Buffer {
  const pieces = text.split(BAD_UTF8);
  return Buffer.concat(pieces.flatMap((piece, i) => (i ? [BAD_UTF8_BYTES, wtf8(piece)] : [wtf8(piece)])));
}

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

export function percentEncode(text: string): string {
  if (!text.includes(BAD_UTF8) && !LONE_SURROGATE.test(text)) return encodeURIComponent(text);
  let out = '';
  for (const byte of wireBytes(text)) {
    const char = String.fromCharCode(byte);
    out += UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A value as text for a URL or a form: strings as they are, anything else as JSON. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** How often a key is repeated for an array's items, at most: a hostile 20,000-item array stays a short query. */
const MAX_REPEATS = 20;

/** `a=1&b=x&b=y` from an object (arrays repeat their key); any other value is sent as the whole query. */
export function formEncode(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return percentEncode(asText(value));
  return Object.entries(value)
    .filter(([, item]) => item !== undefined)
    .flatMap(([key, item]) =>
      (Array.isArray(item) ? item.slice(0, MAX_REPEATS) : [item]).map(
        (one) => `${percentEncode(key)}=${percentEncode(asText(one))}`,
      ),
    )
    .join('&');
}

export function jsonBytes(value: unknown): Buffer {
  return wireBytes(JSON.stringify(value) ?? 'null');
}

export interface FilePart {
  name: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

export function multipartBody(fields: unknown, files: FilePart[]): { type: string; body: Buffer } {
  const boundary = `----fuzz${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  const entries = fields && typeof fields === 'object' && !Array.isArray(fields) ? Object.entries(fields) : [];
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="`), wireBytes(name));
    parts.push(Buffer.from('"\r\n\r\n'), wireBytes(asText(value)), Buffer.from('\r\n'));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

export interface WireRequest {
  method: string;
  /** Already encoded: path and query. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** The request's bytes, one per connection (`Connection: close`). */
export function requestBytes(request: WireRequest): Buffer {
  const headers: Record<string, string> = { host: 'reviews.test', connection: 'close', ...request.headers };
  if (request.body) headers['content-length'] = String(request.body.length);
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), request.body ?? Buffer.alloc(0)]);
}
