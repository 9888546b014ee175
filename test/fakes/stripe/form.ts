import { invalid, type Metadata } from './objects.js';

// Stripe's form encoding (`line_items[0][price]=…`, `expand[]=…`) read into nested objects and arrays, and the
// typed reads of its values, which all arrive as strings.

export type Params = { [key: string]: unknown };

const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** `a[b][0][c]=v` → `{ a: { b: [{ c: 'v' }] } }`; `a[]=v` appends. Metadata keys stay keys even when numeric. */
export function parseForm(raw: string): Params {
  const root: Params = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const keys = name.match(/^[^[\]]+|\[[^[\]]*\]/g)?.map((key) => key.replace(/^\[|\]$/g, ''));
    if (!keys || keys.some((key) => UNSAFE_KEYS.has(key))) continue;
    let node = root;
    keys.forEach((key, index) => {
      const slot = key === '' ? String(Object.keys(node).length) : key;
      if (index === keys.length - 1) node[slot] = value;
      else {
        if (typeof node[slot] !== 'object' || node[slot] === null) node[slot] = {};
        node = node[slot] as Params;
      }
    });
  }
  return toArrays(root, '') as Params;
}

function toArrays(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, toArrays(v, k)] as const);
  if (key !== 'metadata' && entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

export function str(params: Params, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
}

/** A string, with `''` (Stripe's way to unset) read as null. */
export function nullable(params: Params, key: string): string | null | undefined {
  const value = str(params, key);
  return value === '' ? null : value;
}

export function obj(params: Params, key: string): Params | undefined {
  const value = params[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : undefined;
}

export function list(params: Params, key: string): unknown[] {
  const value = params[key];
  if (Array.isArray(value)) return value;
  return value === undefined || value === '' ? [] : [value];
}

export function bool(params: Params, key: string, param = key): boolean | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw invalid(`Invalid boolean: ${String(value)}`, param);
}

export function int(params: Params, key: string, param = key): number | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  throw invalid(`Invalid integer: ${String(value)}`, param);
}

export function required(params: Params, key: string, param = key): string {
  const value = str(params, key);
  if (!value) throw invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
  return value;
}

/** `metadata[k]=v` sets, `metadata[k]=` removes, `metadata=` clears: the result of applying that to `current`. */
export function metadataUpdate(params: Params, current: Metadata = {}): Metadata {
  const value = params.metadata;
  if (value === undefined) return current;
  if (value === '') return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('Invalid hash', 'metadata');
  const next = { ...current };
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw invalid('Invalid metadata value', `metadata[${key}]`);
    if (key.length > 40) throw invalid('Metadata keys can have up to 40 characters.', `metadata[${key}]`);
    if (entry.length > 500) throw invalid('Metadata values can have up to 500 characters.', `metadata[${key}]`);
    if (entry === '') delete next[key];
    else next[key] = entry;
  }
  if (Object.keys(next).length > 50) throw invalid('Metadata can have up to 50 keys.', 'metadata');
  return next;
}

/**
 * `expand[]` paths applied to a copy of `value`: an id string at the end of each path is replaced by its object
 * (`lookup`), `data.` walks into a list, and `expand` itself adds what only expansion shows (`line_items`).
 */
export function expand(
  value: unknown,
  paths: unknown[],
  lookup: (id: string) => unknown,
  extra: (target: Params, field: string) => unknown,
): unknown {
  const copy = structuredClone(value);
  for (const path of paths) if (typeof path === 'string') walk(copy, path.split('.'));
  return copy;

  function walk(target: unknown, [head, ...rest]: string[]): void {
    if (typeof target !== 'object' || target === null || head === undefined) return;
    const node = target as Params;
    if (node.object === 'list' && head === 'data' && Array.isArray(node.data)) {
      for (const item of node.data) walk(item, rest);
      return;
    }
    if (typeof node[head] === 'string') {
      const found = lookup(node[head]);
      if (found !== undefined) node[head] = structuredClone(found);
    } else if (node[head] === undefined) {
      const added = extra(node, head);
      if (added !== undefined) node[head] = added;
    }
    walk(node[head], rest);
  }
}
