import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../jobs/job-queue.service.js';
import { UPLOAD_FOLDERS } from './media-folders.js';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage.js';
import { MediaRepository } from './media.repository.js';

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
}

/**
 * Removes what crashes leave in media storage: partial writes and stored files no row names. A job at every start
 * (never delaying it) and hourly, run by one instance at a time; deletions are idempotent and decided by age and the
 * database alone, so a repeated run cannot remove anything a live row or upload needs.
 */
@Injectable()
export class MediaSweepService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(MediaSweepService.name);

  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly repository: MediaRepository,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register(QUEUE, {
      handle: async (_payload, { signal }) => {
        const result = await this.sweep(new Date(), signal);
        if (result.partials || result.orphans) this.logger.log(result, 'Media sweep removed leftovers');
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
        if (signal?.aborted) return { partials, orphans };
        if (object.modifiedAt.getTime() >= cutoff) continue;
        batch.push(object.key);
        if (batch.length === BATCH) await settle();
      }
    }
    if (batch.length) await settle();
    return { partials, orphans };
  }
}
