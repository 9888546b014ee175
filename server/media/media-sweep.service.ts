import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../jobs/job-queue.service.js';
import { UPLOAD_FOLDERS } from './media-folders.js';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage.js';
import { MediaRepository } from './media.repository.js';
import { ResumableUploadService } from './resumable-upload.service.js';

const QUEUE = 'media-sweep';
const SWEEP_EVERY_S = 60 * 60;
/** An upload in progress writes its partial file continuously; one left alone this long lost its process. */
export const PARTIAL_IDLE_MS = 15 * 60 * 1000;
/**
 * A stored file gets its row within moments (review uploads, profile photos); one older than this with no row is
 * what a crash between the two left. The margin keeps the sweep away from uploads still in flight.
 */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;

export interface SweepResult {
  partials: number;
  orphans: number;
  /** Resumable uploads past their expiry (abandoned by their shopper). */
  uploads: number;
}

/**
 * Removes what crashes and shoppers leave in media storage: partial writes, stored files no row names and resumable
 * uploads nobody finished in time. A job at every start (never delaying it) and hourly, run by one instance at a
 * time; deletions are idempotent and decided by age and the database alone, so a repeated run cannot remove anything
 * a live row or upload needs.
 */
@Injectable()
export class MediaSweepService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(MediaSweepService.name);

  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly repository: MediaRepository,
    private readonly jobs: JobQueue,
    private readonly resumable: ResumableUploadService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(QUEUE, {
      handle: async (_payload, { signal }) => {
        const result = await this.sweep(new Date(), signal);
        if (result.partials || result.orphans || result.uploads) {
          this.logger.log(result, 'Media sweep removed leftovers');
        }
      },
    });
    this.jobs.every(QUEUE, SWEEP_EVERY_S);
  }

  async onApplicationBootstrap(): Promise<void> {
    // What a crash of this instance left; the same key as the hourly run, so the two are one job when both wait.
    await this.jobs.enqueue(QUEUE, {}, { key: 'scheduled' });
  }

  async sweep(now = new Date(), signal?: AbortSignal): Promise<SweepResult> {
    const partials = await this.storage.removePartials(new Date(now.getTime() - PARTIAL_IDLE_MS));
    const uploads = await this.resumable.sweep(now);
    const cutoff = now.getTime() - ORPHAN_AGE_MS;
    let orphans = 0;
    let batch: string[] = [];
    const settle = async () => {
      const named = await this.repository.referenced(batch);
      for (const key of batch.filter((key) => !named.has(key))) {
        await this.storage.delete(key);
        orphans += 1;
      }
      batch = [];
    };
    for (const folder of UPLOAD_FOLDERS) {
      for await (const object of this.storage.list(folder)) {
        if (signal?.aborted) return { partials, orphans, uploads };
        if (object.modifiedAt.getTime() >= cutoff) continue;
        batch.push(object.key);
        if (batch.length === BATCH) await settle();
      }
    }
    if (batch.length) await settle();
    return { partials, orphans, uploads };
  }
}
