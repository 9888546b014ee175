/** A resolved, inclusive byte range within an object. */
export interface ResolvedRange {
  start: number;
  end: number;
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Reads a `Range` header against an object of `size` bytes (RFC 9110 §14). Only single ranges are honoured:
 * a missing, malformed or multi-range header yields null (serve the whole object), as the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): ResolvedRange | 'unsatisfiable' | null {
  const match = header?.trim().match(SINGLE_RANGE);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? Infinity : Number(match[2]);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
