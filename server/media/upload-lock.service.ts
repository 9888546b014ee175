import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { ApiError } from '../common/api-error.js';
import { UploadLockRepository } from './upload-lock.repository.js';

/** How long a lease lasts unless renewed: the longest a crashed holder keeps an upload from its shopper. */
export const UPLOAD_LEASE_MS = 30_000;
const RENEW_EVERY_MS = UPLOAD_LEASE_MS / 3;
/** Lapsed leases are left for the next holder to take over; the media sweep removes those nobody came back for. */
const LAPSED_KEPT_MS = 60 * 60 * 1000;

/**
 * One request at a time per resumable upload, on every instance: a lease in the database (the source of truth, the
 * same on PGlite and PostgreSQL), renewed while its work runs. A lease is a row, not a PostgreSQL advisory lock: it
 * needs no connection held for the whole request (a pooled one may be killed or handed to someone else), and the
 * holder's crash lets it lapse within UPLOAD_LEASE_MS.
 */
@Injectable()
export class UploadLockService {
  private readonly logger = new Logger(UploadLockService.name);

  constructor(private readonly repository: UploadLockRepository) {}

  /**
   * Runs `work` holding the upload's lease, or throws `busy()` when another request holds it. Should the lease be lost
   * (the database unreachable for a renewal, or the lease lapsed), `signal` aborts: the work must stop writing.
   */
  async hold<T>(uploadId: string, busy: () => ApiError, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const holder = randomUUID();
    if (!(await this.repository.acquire(uploadId, holder, UPLOAD_LEASE_MS))) throw busy();
    const lost = new AbortController();
    const renewal = setInterval(() => {
      this.repository.renew(uploadId, holder, UPLOAD_LEASE_MS).then(
        (held) => held || lost.abort(new Error(`Lost the lease on upload ${uploadId}`)),
        (error: unknown) => lost.abort(error),
      );
    }, RENEW_EVERY_MS).unref();
    try {
      return await work(lost.signal);
    } finally {
      clearInterval(renewal);
      // Not released (the database unreachable): it lapses on its own.
      await this.repository
        .release(uploadId, holder)
        .catch((err: unknown) => this.logger.warn({ err, uploadId }, 'Could not release an upload lease'));
    }
  }

  /** Forgets leases whose holders crashed long ago; answers how many. */
  removeLapsed(): Promise<number> {
    return this.repository.removeLapsed(LAPSED_KEPT_MS);
  }
}
