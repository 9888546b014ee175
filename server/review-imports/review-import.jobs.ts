import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { REVIEW_IMPORT_PREVIEW_KEPT_HOURS } from '../../shared/review-imports.js';
import { ApiError } from '../common/api-error.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { JobQueue, type JobContext } from '../jobs/job-queue.service.js';
import { REVIEW_MEDIA_FOLDER } from '../media/media-folders.js';
import { MEDIA_STORAGE, type MediaStorage } from '../media/media-storage.js';
import { ByteLimit } from '../media/media.service.js';
import { SafeFetchError } from '../outbound/safe-fetch-error.js';
import { SafeFetcher } from '../outbound/safe-fetcher.service.js';
import { REVIEW_MIMES } from '../reviews/review-upload.service.js';
import { ReviewMediaJobs } from '../reviews/review-media.jobs.js';
import { ReviewsService } from '../reviews/reviews.service.js';
import { openImport } from './review-import-parse.js';
import { IMPORT_BATCH_ROWS, importedRow, nextBatch, resolveBatch } from './review-import-rows.js';
import { ReviewImportsRepository, type ReviewImportRow } from './review-imports.repository.js';

const ROWS_QUEUE = 'review-import';
const MEDIA_QUEUE = 'review-import-media';
const SWEEP_QUEUE = 'review-import-sweep';
const SWEEP_EVERY_S = 60 * 60;
const SWEEP_BATCH = 100;
const ROWS_ATTEMPTS = 5;
/** The whole fetch of one medium, redirects and body included. */
const MEDIA_FETCH_TIMEOUT_MS = 60_000;

interface MediaPayload extends Record<string, unknown> {
  merchantId: string;
  importId: string;
  reviewId: string;
  row: number;
  urls: string[];
}

/** Thrown between batches when this instance shuts down: the job goes back to waiting, and resumes from its checkpoint. */
class Interrupted extends Error {}

/**
 * The import's work as jobs. `review-import`: the file read from its checkpoint a batch at a time, each batch's
 * reviews, skipped rows and checkpoint saved in one transaction; a cancel is seen between batches. One job per import
 * at a time (its group). `review-import-media`: per imported review with media links, the first link that fetches
 * (through the SSRF-safe fetcher, size and time capped, type sniffed) becomes its video or photo, processed as an
 * upload's; a link that cannot be fetched is recorded as a skipped medium.
 */
@Injectable()
export class ReviewImportJobs implements OnModuleInit {
  private readonly logger = new Logger(ReviewImportJobs.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly repository: ReviewImportsRepository,
    private readonly fetcher: SafeFetcher,
    private readonly reviews: ReviewsService,
    private readonly mediaJobs: ReviewMediaJobs,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ importId: string }>(ROWS_QUEUE, {
      handle: ({ importId }, context) => this.importRows(importId, context),
      oneJobPerGroup: true,
      concurrency: 2,
      attempts: ROWS_ATTEMPTS,
      backoffMs: 30_000,
    });
    this.jobs.register<MediaPayload>(MEDIA_QUEUE, {
      handle: (payload) => this.fetchMedia(payload),
      // One store's fetches one at a time: an import of thousands of photos does not hold every worker.
      oneJobPerGroup: true,
      concurrency: 2,
      attempts: 3,
      backoffMs: 60_000,
    });
    this.jobs.register(SWEEP_QUEUE, { handle: async () => void (await this.sweepPreviews()) });
    this.jobs.every(SWEEP_QUEUE, SWEEP_EVERY_S);
  }

  /**
   * Previews nobody started within REVIEW_IMPORT_PREVIEW_KEPT_HOURS are cancelled and their files deleted (hourly):
   * an upload left at its preview would otherwise keep its file for ever. Answers how many were cancelled.
   */
  async sweepPreviews(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - REVIEW_IMPORT_PREVIEW_KEPT_HOURS * 60 * 60 * 1000);
    let swept = 0;
    for (;;) {
      const expired = await this.repository.expirePreviews(cutoff, SWEEP_BATCH);
      for (const { id, fileKey } of expired) {
        if (fileKey) await this.storage.delete(fileKey);
        await this.repository.forgetFile(id);
      }
      swept += expired.length;
      if (expired.length < SWEEP_BATCH) return swept;
    }
  }

  /** Queues the import's work (its start, or the clean-up after a cancel). */
  enqueue(row: Pick<ReviewImportRow, 'id'>): Promise<void> {
    return this.jobs.enqueue(ROWS_QUEUE, { importId: row.id }, { key: row.id, group: row.id });
  }

  private async importRows(importId: string, { signal, attempt }: JobContext): Promise<void> {
    const row = await this.repository.status(importId);
    if (!row) return;
    if (row.status !== 'running') return this.dropFile(row);
    const stored = row.fileKey ? await this.storage.get(row.fileKey) : null;
    if (!stored) {
      await this.repository.finish(importId, 'failed', 'The uploaded file is no longer stored.');
      return;
    }
    const productIds = new Set<string>();
    let finished = false;
    let rows: AsyncGenerator | undefined;
    try {
      const opened = await openImport(stored.stream);
      rows = opened.rows;
      // The rows before the checkpoint were dealt with by an earlier run: read past them.
      for (let skipped = 0; skipped < row.rowsDone; skipped++) if ((await opened.rows.next()).done) break;
      let done = row.rowsDone;
      for (;;) {
        if (signal.aborted) throw new Interrupted('This instance is stopping: the import resumes from its checkpoint.');
        const batch = await nextBatch(opened.rows, IMPORT_BATCH_ROWS);
        if (!batch.length) break;
        const resolved = await resolveBatch(this.repository, row.merchantId, batch);
        const accepted = resolved.flatMap((r) => (r.ok ? [r] : []));
        const skips = resolved.flatMap((r) => (r.ok ? [] : [{ row: r.row, reason: r.reason, detail: r.detail }]));
        const saved = await this.repository.saveBatch(
          row.merchantId,
          importId,
          done,
          accepted.map(importedRow),
          skips,
          batch.length,
        );
        // Cancelled meanwhile: what earlier batches imported stays.
        if (!saved) break;
        done += batch.length;
        for (const id of saved.productIds) productIds.add(id);
        const byKey = new Map(accepted.map((r) => [r.review.key, r]));
        await this.jobs.enqueueMany(
          MEDIA_QUEUE,
          saved.withMedia.map(({ id, key }) => {
            const source = byKey.get(key)!;
            const payload: MediaPayload = {
              merchantId: row.merchantId,
              importId,
              reviewId: id,
              row: source.row,
              urls: source.review.mediaUrls,
            };
            return { payload, key: id, group: row.merchantId };
          }),
        );
      }
      finished = true;
    } catch (error) {
      // The file stopped being CSV part way (the preview read it whole, so only a changed file can).
      if (error instanceof ApiError) {
        await this.repository.finish(importId, 'failed', String(error.body.detail ?? error.message));
      } else {
        // Retried from the checkpoint; after the last attempt the merchant sees it failed, not running for ever.
        if (!(error instanceof Interrupted) && attempt >= ROWS_ATTEMPTS) {
          await this.repository.finish(importId, 'failed', 'The import stopped on an error; what it imported stays.');
          await this.dropFile(row);
        }
        throw error;
      }
    } finally {
      await rows?.return(undefined);
      if (productIds.size) await this.reviews.changed(row.merchantId, { productIds: [...productIds] });
    }
    if (finished) await this.repository.finish(importId, 'done');
    await this.dropFile(row);
  }

  /** The uploaded file is kept only while its import may still read it. */
  private async dropFile(row: ReviewImportRow): Promise<void> {
    const current = await this.repository.status(row.id);
    if (!current?.fileKey || current.status === 'running' || current.status === 'previewed') return;
    await this.storage.delete(current.fileKey);
    await this.repository.forgetFile(row.id);
  }

  private async fetchMedia({ merchantId, importId, reviewId, row, urls }: MediaPayload): Promise<void> {
    const review = await this.repository.importedReview(merchantId, reviewId);
    if (!review) return;
    let attached = !!(review.photoKey || review.videoKey);
    for (const url of urls) {
      if (attached) {
        await this.repository.skipMedia(merchantId, importId, {
          row,
          url,
          reason: 'extra_media',
          detail: 'A review keeps one video or photo: the first link that could be fetched.',
        });
        continue;
      }
      try {
        attached = await this.fetchOne(merchantId, importId, reviewId, url);
      } catch (error) {
        const problem =
          error instanceof SafeFetchError
            ? { reason: `media_${error.code}`, detail: error.message }
            : error instanceof ApiError && error.getStatus() === 413
              ? { reason: 'media_too_large', detail: String(error.body.detail) }
              : null;
        if (!problem) throw error;
        await this.repository.skipMedia(merchantId, importId, { row, url, ...problem });
      }
    }
    if (attached) await this.reviews.changed(merchantId);
  }

  /** Fetches one link into storage and makes it the review's medium; false when the review had one already. */
  private async fetchOne(merchantId: string, importId: string, reviewId: string, url: string): Promise<boolean> {
    const { maxVideoBytes, maxPhotoBytes } = this.config.uploads;
    const response = await this.fetcher.fetch(url, {
      maxBytes: Math.max(maxVideoBytes, maxPhotoBytes),
      timeoutMs: MEDIA_FETCH_TIMEOUT_MS,
      allowedTypes: [...REVIEW_MIMES.video, ...REVIEW_MIMES.image],
    });
    const type = response.type!;
    const limit = new ByteLimit(type.kind === 'video' ? maxVideoBytes : maxPhotoBytes);
    response.body.once('error', (error) => limit.destroy(error));
    const key = `${REVIEW_MEDIA_FOLDER}/${randomUUID()}.${type.ext}`;
    const { bytes } = await this.storage.put(key, response.body.pipe(limit), type.mime);
    const processing = this.config.processing.enabled;
    const kind = type.kind === 'video' ? 'video' : 'photo';
    if (
      !(await this.repository.attachMedia(
        merchantId,
        importId,
        reviewId,
        { key, mime: type.mime, bytes, kind },
        processing,
      ))
    ) {
      await this.storage.delete(key);
      return true;
    }
    if (processing) await this.mediaJobs.enqueue(reviewId, merchantId);
    return true;
  }
}
