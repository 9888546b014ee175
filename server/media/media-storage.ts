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

/** A resumable upload as the storage keeps it, for the sweep of abandoned ones. */
export interface StoredResumable {
  id: string;
  /** What `createUpload` was given; null when it cannot be read (a crash while creating or removing it). */
  info: string | null;
  /** When anything of it was last written. */
  modifiedAt: Date;
}

/**
 * Resumable uploads (tus): the bytes of an upload in progress, kept under its id apart from every media key (nothing
 * serves them), until it is copied to a key of its own. Every instance sees the same state: the info is written
 * once, at creation, and the offset is what the stored bytes say, so any instance may take the next chunk. One
 * request at a time writes an upload (ResumableUploadService holds its lock): storage does not arbitrate.
 */
export interface ResumableStorage {
  /** Starts an upload with no bytes; `info` is kept with it, never changed. */
  createUpload(id: string, info: string): Promise<void>;
  /** The upload's info, or null when there is no such upload. */
  uploadInfo(id: string): Promise<string | null>;
  /** How many bytes from the start are stored. */
  uploadOffset(id: string): Promise<number>;
  /**
   * Writes `body` from `offset` on (the caller checked it is the upload's offset) and returns the new offset. What
   * arrived is kept when `body` fails midway (a dropped connection): the error is thrown once it is stored.
   * Concurrent writes of the same bytes (a client resuming while its broken request is still being read) are safe.
   */
  appendUpload(id: string, offset: number, body: AsyncIterable<Buffer>): Promise<number>;
  /** The stored bytes from `start` to `end` (exclusive). */
  readUpload(id: string, start: number, end: number): Readable;
  /** Records what the complete upload holds (its size and digest, as text), replacing any earlier record. */
  sealUpload(id: string, seal: string): Promise<void>;
  /** What `sealUpload` recorded, or null. */
  uploadSeal(id: string): Promise<string | null>;
  deleteUpload(id: string): Promise<void>;
  /** Every upload kept, in no particular order. */
  listUploads(): AsyncIterable<StoredResumable>;
}

/** Where resumable uploads are kept (a folder, or an object prefix): a dot-name, which no media key can reach. */
export const RESUMABLE_DIR = '.uploads';

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Upload ids name folders and object prefixes: only what `randomUUID` makes is one. */
export function isUploadId(id: string): boolean {
  return UPLOAD_ID.test(id);
}

export function checkedUploadId(id: string): string {
  if (!isUploadId(id)) throw new Error(`Invalid upload id: ${JSON.stringify(id)}`);
  return id;
}

/** Where uploaded media live: DATA_DIR/media by default, or an S3-compatible bucket. Keys are immutable. */
export interface MediaStorage extends ResumableStorage {
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
