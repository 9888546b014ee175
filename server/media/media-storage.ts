import type { Readable } from 'node:stream';

/** Inclusive byte offsets, as in an HTTP `Range` header; `end` defaults to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface StoredMedia {
  /** The whole object, or only the requested range of it. */
  stream: Readable;
  /** Size of the whole object, whatever the range. */
  bytes: number;
  contentType: string;
}

export interface StoredObject {
  key: string;
  /** When its last byte was written. */
  modifiedAt: Date;
}

/** Where uploaded media live: DATA_DIR/media by default (S3-compatible bucket later). Keys are immutable. */
export interface MediaStorage {
  /**
   * Stores the stream under `key`. Until the last byte is written the object is a partial write that no key
   * reaches; when the stream fails nothing is left behind.
   */
  put(key: string, body: Readable, contentType: string): Promise<{ bytes: number }>;
  get(key: string, range?: ByteRange): Promise<StoredMedia | null>;
  /** Size and type without reading the object, to answer range requests. */
  stat(key: string): Promise<{ bytes: number; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** Public URL path of the object. */
  urlOf(key: string): string;
  /** Every complete object whose key starts with `folder/`, in no particular order. */
  list(folder: string): AsyncIterable<StoredObject>;
  /** Removes partial writes last written to before `before` (a crashed process's); returns how many went. */
  removePartials(before: Date): Promise<number>;
}

export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Keys are relative slash-separated names; no `..`, no absolute paths, no hidden segments. */
export function isMediaKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.includes('..');
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
