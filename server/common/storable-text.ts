import { isUtf8 } from 'node:buffer';
import { ApiError } from './api-error.js';

/**
 * What PostgreSQL refuses in text and jsonb: NUL, and UTF-16 surrogates without their other half (which UTF-8 cannot
 * encode; the drivers would turn them into U+FFFD in text and jsonb rejects their escapes).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_MESSAGE = 'Contains a NUL character or text that is not valid UTF-8.';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function isStorable(text: string): boolean {
  return !text.includes('\0') && !LONE_SURROGATE.test(text);
}

/** 400 `invalid_input`, naming the field when it is known. */
export function invalidInput(field?: string): ApiError {
  return ApiError.badRequest(
    'The request holds a NUL character or text that is not valid UTF-8.',
    'invalid_input',
    field === undefined ? undefined : { [field]: [UNSTORABLE_MESSAGE] },
  );
}

/** Bytes as UTF-8 text; 400 for bytes that are not (a Buffer's own decoding would turn them into U+FFFD unseen). */
export function decodeUtf8(bytes: Buffer): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw invalidInput();
  }
}

/**
 * The dotted path (as in validation errors' `fields`) of the first string, key or value, in a parsed JSON value that
 * cannot be stored; undefined when there is none. Iterative: a deeply nested body cannot overflow the stack.
 */
export function findUnstorable(value: unknown): string | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorable(current)) return path || 'non_field_errors';
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (!isStorable(key)) return path || 'non_field_errors';
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

/** Throws 400 `invalid_input` when a parsed value holds text that cannot be stored. */
export function assertStorable(value: unknown): void {
  const field = findUnstorable(value);
  if (field !== undefined) throw invalidInput(field);
}

const HEX = /^[0-9a-fA-F]{2}$/;

/** Whether the bytes a percent-encoded string stands for hold a NUL or are not UTF-8 (`%C3%28`, `%FF`, `%ED%A0%80`). */
export function hasBadEscapes(raw: string): boolean {
  let at = raw.indexOf('%');
  while (at !== -1) {
    const run: number[] = [];
    while (raw[at] === '%' && HEX.test(raw.slice(at + 1, at + 3))) {
      run.push(parseInt(raw.slice(at + 1, at + 3), 16));
      at += 3;
    }
    // A malformed escape (`100%`, `%zz`) stays as written, as the query parser keeps it.
    if (run.length && (run.includes(0) || !isUtf8(Buffer.from(run)))) return true;
    at = raw.indexOf('%', run.length ? at : at + 1);
  }
  return false;
}

/** The name of the first pair of a query string (or urlencoded body) whose key or value is bad; undefined if none. */
export function badQueryField(query: string): string | undefined {
  for (const pair of query.split('&')) {
    if (!pair.includes('%')) continue;
    const eq = pair.indexOf('=');
    const key = eq === -1 ? pair : pair.slice(0, eq);
    if (hasBadEscapes(key)) return 'non_field_errors';
    if (hasBadEscapes(pair)) return decodeQueryKey(key);
  }
  return undefined;
}

function decodeQueryKey(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
}
