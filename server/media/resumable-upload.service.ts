import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error.js';
import { SNIFF_BYTES } from './file-type.js';
import { isUploadId, MEDIA_STORAGE, type MediaStorage } from './media-storage.js';
import { acceptedType, tooLarge, type StoredUpload, type UploadOptions } from './media.service.js';

/** An upload must be complete this long after it was started; one that is not is refused, then swept. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** What is kept with an upload, written once when it starts. */
interface UploadInfo {
  merchant_id: string;
  length: number;
  created_at: string;
  expires_at: string;
}

export interface ResumableUpload {
  id: string;
  /** The store it was started for: only that store's review may use it. */
  merchantId: string;
  /** Its size in bytes, declared when it started. */
  length: number;
  /** How many bytes from the start are stored. */
  offset: number;
  expiresAt: Date;
  expired: boolean;
}

function parsed(info: string | null): UploadInfo | null {
  if (!info) return null;
  try {
    const value = JSON.parse(info) as Partial<UploadInfo>;
    return typeof value.merchant_id === 'string' &&
      Number.isSafeInteger(value.length) &&
      typeof value.expires_at === 'string'
      ? (value as UploadInfo)
      : null;
  } catch {
    return null;
  }
}

/** Where a chunk's bytes stand: whether the request body (not storage, not a rule) is what failed. */
interface BodyState {
  failed: boolean;
}

/**
 * The checks on a chunk as it streams by: never more than the upload's declared length, and the first bytes of the
 * file, held until there are enough to tell its type, refused unless `check` accepts them.
 */
async function* checkedChunk(
  body: AsyncIterable<Buffer>,
  room: number,
  check: ((head: Buffer) => void) | null,
  state: BodyState,
): AsyncGenerator<Buffer> {
  const iterator = body[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  const wanted = Math.min(SNIFF_BYTES, room);
  let held = check ? 0 : -1;
  let seen = 0;
  for (;;) {
    let step: IteratorResult<Buffer>;
    try {
      step = await iterator.next();
    } catch (error) {
      state.failed = true;
      throw error;
    }
    if (step.done) break;
    const chunk = step.value;
    seen += chunk.length;
    if (seen > room) {
      throw new ApiError(413, {
        detail: 'The chunk goes past the upload’s declared length.',
        code: 'payload_too_large',
      });
    }
    if (held < 0) {
      yield chunk;
      continue;
    }
    head.push(chunk);
    held += chunk.length;
    if (held < wanted) continue;
    const first = Buffer.concat(head);
    check!(first);
    held = -1;
    yield first;
  }
  if (held > 0) {
    throw ApiError.badRequest(`Send at least the first ${wanted} bytes of the file in one chunk.`, 'chunk_too_small');
  }
}

/**
 * Resumable uploads (the tus protocol's state): started with a declared length for one store, filled chunk by chunk
 * at the offset the stored bytes say, from any instance, then stored under a media key once complete. The storage
 * keeps everything (MediaStorage's resumable half), so nothing lives in this process's memory, and bytes stream
 * through: memory does not grow with the file.
 */
@Injectable()
export class ResumableUploadService {
  constructor(@Inject(MEDIA_STORAGE) private readonly storage: MediaStorage) {}

  async create(merchantId: string, length: number, now = new Date()): Promise<ResumableUpload> {
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + UPLOAD_TTL_MS);
    const info: UploadInfo = {
      merchant_id: merchantId,
      length,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    };
    await this.storage.createUpload(id, JSON.stringify(info));
    return { id, merchantId, length, offset: 0, expiresAt, expired: false };
  }

  /** The upload with this id, expired or not; null when there is none (or the id cannot be one). */
  async lookup(id: string, now = new Date()): Promise<ResumableUpload | null> {
    const info = isUploadId(id) ? parsed(await this.storage.uploadInfo(id)) : null;
    if (!info) return null;
    const expiresAt = new Date(info.expires_at);
    return {
      id,
      merchantId: info.merchant_id,
      length: info.length,
      offset: await this.storage.uploadOffset(id),
      expiresAt,
      expired: expiresAt <= now,
    };
  }

  /** The upload a client names: 404 when there is none, 410 once it expired. */
  async find(id: string): Promise<ResumableUpload> {
    const upload = await this.lookup(id);
    if (!upload) throw ApiError.notFound('No upload with this id.', 'upload_not_found');
    if (upload.expired) {
      throw new ApiError(410, { detail: 'This upload expired: start it again.', code: 'upload_expired' });
    }
    return upload;
  }

  /**
   * Appends a chunk at `offset`, which must be the upload's (409 otherwise: the client asks again where it stands).
   * The first bytes of the file are checked before anything is stored: an upload of a refused type is removed (415).
   * A chunk whose connection breaks keeps what arrived (400 `upload_interrupted`, for a client that is gone).
   */
  async append(
    upload: ResumableUpload,
    offset: number,
    body: AsyncIterable<Buffer>,
    options: Pick<UploadOptions, 'kinds' | 'mimes'>,
  ): Promise<number> {
    if (offset !== upload.offset) {
      throw new ApiError(409, {
        detail: `The upload holds ${upload.offset} bytes: send the chunk that starts there.`,
        code: 'offset_mismatch',
      });
    }
    let refused = false;
    const check =
      offset === 0
        ? (head: Buffer) => {
            try {
              acceptedType(head, options);
            } catch (error) {
              refused = true;
              throw error;
            }
          }
        : null;
    const state: BodyState = { failed: false };
    try {
      return await this.storage.appendUpload(
        upload.id,
        offset,
        checkedChunk(body, upload.length - offset, check, state),
      );
    } catch (error) {
      // A refused upload keeps nothing.
      if (refused) await this.storage.deleteUpload(upload.id);
      if (state.failed) {
        throw ApiError.badRequest(
          'The chunk broke off: ask for the upload’s offset and send the rest.',
          'upload_interrupted',
        );
      }
      throw error;
    }
  }

  /**
   * Stores a complete upload under a new key of `options.prefix`, checked as a whole file is: its type by its first
   * bytes, its size against `options.maxBytes`. A refused upload is removed; a stored one stays until `remove`, so a
   * review that then fails to save can use it again.
   */
  async store(upload: ResumableUpload, options: UploadOptions): Promise<StoredUpload> {
    let type;
    try {
      if (upload.length > options.maxBytes) throw tooLarge(options.maxBytes);
      const head = await buffer(this.storage.readUpload(upload.id, 0, Math.min(SNIFF_BYTES, upload.length)));
      type = acceptedType(head, options);
    } catch (error) {
      if (error instanceof ApiError) await this.storage.deleteUpload(upload.id);
      throw error;
    }
    const key = `${options.prefix}/${randomUUID()}.${type.ext}`;
    await this.storage.completeUpload(upload.id, key, upload.length, type.mime);
    const stored = await this.storage.stat(key);
    if (stored?.bytes !== upload.length) {
      await this.storage.delete(key);
      throw new Error(`Stored upload ${upload.id} holds ${stored?.bytes ?? 0} of ${upload.length} bytes`);
    }
    return { key, url: this.storage.urlOf(key), mime: type.mime, bytes: stored.bytes };
  }

  remove(id: string): Promise<void> {
    return this.storage.deleteUpload(id);
  }

  /**
   * Removes the uploads past their expiry, and the remains of any whose info is unreadable once they have been left
   * alone as long. Decided by the stored state alone, so instances may sweep at once.
   */
  async sweep(now = new Date()): Promise<number> {
    let removed = 0;
    for await (const upload of this.storage.listUploads()) {
      const info = parsed(upload.info);
      const expiresAt = info ? Date.parse(info.expires_at) : upload.modifiedAt.getTime() + UPLOAD_TTL_MS;
      if (expiresAt > now.getTime()) continue;
      await this.storage.deleteUpload(upload.id);
      removed += 1;
    }
    return removed;
  }
}
