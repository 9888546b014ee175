import { createHash, randomUUID } from 'node:crypto';
import { pipeline, Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../common/api-error.js';
import { SNIFF_BYTES } from './file-type.js';
import { isUploadId, MEDIA_STORAGE, type MediaStorage } from './media-storage.js';
import { acceptedType, tooLarge, type StoredUpload, type UploadOptions } from './media.service.js';
import { UploadLockService } from './upload-lock.service.js';

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

/** What a complete upload held when its last byte arrived; its copy under a media key must match. */
interface UploadSeal {
  bytes: number;
  sha256: string;
}

function parsedSeal(seal: string | null): UploadSeal | null {
  if (!seal) return null;
  try {
    const value = JSON.parse(seal) as Partial<UploadSeal>;
    return Number.isSafeInteger(value.bytes) && typeof value.sha256 === 'string' ? (value as UploadSeal) : null;
  } catch {
    return null;
  }
}

async function sha256Of(body: AsyncIterable<Buffer>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk);
  return hash.digest('hex');
}

const locked = () =>
  new ApiError(423, {
    detail: 'Another request is writing to this upload: ask where it stands (HEAD) and go on once it ends.',
    code: 'upload_locked',
  });

const inUse = () => ApiError.conflict('This upload is being sent with a review already.', 'upload_in_use');

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
  lost: AbortSignal,
): AsyncGenerator<Buffer> {
  const iterator = body[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  const wanted = Math.min(SNIFF_BYTES, room);
  let held = check ? 0 : -1;
  let seen = 0;
  // The upload's lease was lost: another request may write now, so this one stops at once, even mid-wait.
  const stop = new Promise<never>((_, reject) => {
    const abort = () => {
      // Ends the body now: the request's connection is closed (its client resumes from where the upload stands). A
      // request's stream is destroyed, since an iterator's return() waits for the read it is in, which a client
      // sending nothing never ends.
      if (body instanceof Readable) body.destroy();
      else void iterator.return?.().catch(() => undefined);
      reject(
        new ApiError(503, {
          detail: 'The upload could not be kept for this request: ask where it stands and go on.',
          code: 'upload_lock_lost',
        }),
      );
    };
    if (lost.aborted) abort();
    else lost.addEventListener('abort', abort, { once: true });
  });
  stop.catch(() => undefined);
  for (;;) {
    let step: IteratorResult<Buffer>;
    try {
      step = await Promise.race([iterator.next(), stop]);
    } catch (error) {
      if (!(error instanceof ApiError)) state.failed = true;
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
 * through: memory does not grow with the file. Every request that changes or uses an upload holds its lock
 * (UploadLockService), so one at a time writes it, and none once a review took it.
 */
@Injectable()
export class ResumableUploadService {
  private readonly logger = new Logger(ResumableUploadService.name);

  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly locks: UploadLockService,
  ) {}

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
   * Appends a chunk at `offset`, which must be the upload's (409 otherwise: the client asks again where it stands),
   * holding the upload's lock (423 while another request writes). The first bytes of the file are checked before
   * anything is stored: an upload of a refused type is removed (415). A chunk whose connection breaks keeps what
   * arrived (400 `upload_interrupted`, for a client that is gone). The chunk that completes the upload records its
   * size and digest, which the review's copy of it must match.
   */
  async append(
    upload: ResumableUpload,
    offset: number,
    body: AsyncIterable<Buffer>,
    options: Pick<UploadOptions, 'kinds' | 'mimes'>,
  ): Promise<number> {
    return this.locks.hold(upload.id, locked, async (lost) => {
      // As it stands now that no one else writes to it.
      const current = await this.find(upload.id);
      if (offset !== current.offset) {
        throw new ApiError(409, {
          detail: `The upload holds ${current.offset} bytes: send the chunk that starts there.`,
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
      let stored: number;
      try {
        stored = await this.storage.appendUpload(
          upload.id,
          offset,
          checkedChunk(body, current.length - offset, check, state, lost),
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
      if (stored === current.length) await this.seal(upload.id, stored);
      return stored;
    });
  }

  /**
   * Hands a complete upload, stored under a new key of `options.prefix`, to `consume` (which makes the review), then
   * removes the upload; all the while holding the upload's lock, so no chunk and no second review gets in between
   * (409 `upload_in_use`). The file is checked as a whole file is (its type by its first bytes, its size against
   * `options.maxBytes`; a refused upload is removed) and copied, never linked, so nothing written to the upload
   * later reaches it. The copy must hold what the upload held when it completed (409 `upload_changed` otherwise).
   * When `consume` fails the upload stays, for the next try, and the copy is the caller's to remove.
   */
  async use<T>(
    upload: ResumableUpload,
    options: UploadOptions,
    consume: (file: StoredUpload) => Promise<T>,
  ): Promise<T> {
    return this.locks.hold(upload.id, inUse, async () => {
      const current = await this.lookup(upload.id);
      // Used (or cancelled) by the request that held it before this one.
      if (!current) throw ApiError.validation({ upload_id: ['No upload with this id for this store.'] });
      const result = await consume(await this.store(current, options));
      await this.storage
        .deleteUpload(upload.id)
        .catch((err: unknown) => this.logger.warn({ err, upload: upload.id }, 'Could not remove a used upload'));
      return result;
    });
  }

  /** Removes an upload (the client cancels it), unless a request is writing to it or using it (423). */
  async cancel(id: string): Promise<void> {
    await this.locks.hold(id, locked, () => this.storage.deleteUpload(id));
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
    await this.locks.removeLapsed();
    return removed;
  }

  /** Records the complete upload's size and SHA-256, read back from storage as it now stands. */
  private async seal(id: string, bytes: number): Promise<UploadSeal> {
    const seal = { bytes, sha256: await sha256Of(this.storage.readUpload(id, 0, bytes)) };
    await this.storage.sealUpload(id, JSON.stringify(seal));
    return seal;
  }

  private async store(upload: ResumableUpload, options: UploadOptions): Promise<StoredUpload> {
    if (upload.offset < upload.length) {
      throw ApiError.validation({
        upload_id: [`The upload is not complete: ${upload.offset} of ${upload.length} bytes arrived.`],
      });
    }
    let type;
    try {
      if (upload.length > options.maxBytes) throw tooLarge(options.maxBytes);
      const head = await buffer(this.storage.readUpload(upload.id, 0, Math.min(SNIFF_BYTES, upload.length)));
      type = acceptedType(head, options);
    } catch (error) {
      if (error instanceof ApiError) await this.storage.deleteUpload(upload.id);
      throw error;
    }
    // The chunk that completed it broke off before its seal was written: sealed now, under the same lock.
    const seal = parsedSeal(await this.storage.uploadSeal(upload.id)) ?? (await this.seal(upload.id, upload.length));
    const key = `${options.prefix}/${randomUUID()}.${type.ext}`;
    const hash = createHash('sha256');
    const hashed = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const { bytes } = await this.storage.put(
      key,
      pipeline(this.storage.readUpload(upload.id, 0, upload.length), hashed, () => undefined),
      type.mime,
    );
    if (bytes !== seal.bytes || hash.digest('hex') !== seal.sha256) {
      await this.storage.delete(key);
      await this.storage.deleteUpload(upload.id);
      throw ApiError.conflict(
        'The upload changed after its last byte arrived, so it cannot be used: send the video again.',
        'upload_changed',
      );
    }
    return { key, url: this.storage.urlOf(key), mime: type.mime, bytes };
  }
}
