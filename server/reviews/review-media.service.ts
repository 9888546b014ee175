import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { TMediaStatus } from '../../shared/reviews.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MEDIA_STORAGE, type MediaStorage } from '../media/media-storage.js';
import { PHOTO_WIDTHS, processPhoto } from '../media/processing/photo.js';
import { processedKeys } from '../media/processing/processed-keys.js';
import { MediaProcessingError } from '../media/processing/run-tool.js';
import { extractPoster, probeVideo, transcodeVideo } from '../media/processing/video.js';
import { AnalyticsCache } from '../analytics/analytics-cache.js';
import { DomainEvents } from '../events/domain-events.js';
import { INSTALL_FFMPEG } from '../health/prerequisites.js';
import { Prerequisites } from '../health/prerequisites.service.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { StorefrontCache } from '../storefront/storefront-cache.js';
import { ReviewMediaRepository, type ProcessedMedia, type ProcessingTarget } from './review-media.repository.js';
import { PlatformRatingsService } from '../platform-ratings/platform-ratings.service.js';
import { ReviewPublication } from './review-publication.js';

/** What the merchant reads on a video that waits for the server's ffmpeg (the owner's Reviews page says why). */
export const WAITING_FOR_FFMPEG = 'Waiting for ffmpeg on the server: the video is prepared as soon as it is installed.';

/**
 * Re-encodes a review's uploaded media (DESIGN §6.10): a video to H.264/AAC MP4 with a poster and its duration, a
 * photo to WebP at each published width and a JPEG, every original's metadata (GPS, device) gone with the original.
 * Idempotent: a review no longer waiting is left alone, and a second run writes the same keys.
 */
@Injectable()
export class ReviewMediaService implements OnModuleInit {
  private readonly logger = new Logger(ReviewMediaService.name);

  constructor(
    private readonly repository: ReviewMediaRepository,
    private readonly storefront: StorefrontCache,
    private readonly analytics: AnalyticsCache,
    private readonly publication: ReviewPublication,
    private readonly prerequisites: Prerequisites,
    private readonly readers: ServerReaders,
    private readonly events: DomainEvents,
    private readonly platformRatings: PlatformRatingsService,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // The owner's notice on the Reviews page, drawn with the page (the API route's permission).
    this.readers.register('mediaStatus', 'manage_store', (merchantId) => () => this.statusOf(merchantId));
  }

  status(auth: WorkspaceContext): Promise<TMediaStatus> {
    return this.statusOf(storeOf(auth).id);
  }

  private async statusOf(merchantId: string): Promise<TMediaStatus> {
    if (!this.config.processing.enabled) return { processing: false, missing: [], install: null, waiting_videos: 0 };
    const report = await this.prerequisites.current();
    const missing = (['ffmpeg', 'ffprobe'] as const).filter((tool) => report[tool].status !== 'ok');
    return {
      processing: true,
      missing,
      install: missing.length ? INSTALL_FFMPEG : null,
      waiting_videos: await this.repository.countWaitingForTools(merchantId),
    };
  }

  /**
   * Processes one review's media. A file that cannot be decoded, or that no review needs (too long, too large…),
   * marks the review failed with the reason the merchant sees. A video on a machine without ffmpeg waits, saying so,
   * without spending the job's attempts: `ReviewMediaJobs.resume` queues it again once ffmpeg is found. Anything else
   * (storage, the database) is thrown for the job to be tried again.
   */
  async process(reviewId: string, signal?: AbortSignal): Promise<void> {
    const target = await this.repository.target(reviewId);
    if (target?.mediaState !== 'processing') return;
    if (target.videoKey && !(await this.prerequisites.videoToolsReady())) {
      await this.repository.waitForTools(reviewId, WAITING_FOR_FFMPEG);
      return;
    }
    // It waited for ffmpeg, which is here now: the reason no longer holds, even if this run has to be retried.
    if (target.mediaError) await this.repository.waitForTools(reviewId, null);
    const dir = await mkdtemp(join(tmpdir(), 'review-media-'));
    let ready = false;
    try {
      const processed = await this.processFiles(target, dir, signal);
      if (!(await this.repository.finish(target, processed))) return;
      ready = true;
      const kept = new Set([processed.videoKey, processed.photoKey, processed.thumbnailKey]);
      for (const key of [target.videoKey, target.photoKey, target.thumbnailKey]) {
        if (key && !kept.has(key)) await this.storage.delete(key);
      }
    } catch (error) {
      if (!(error instanceof MediaProcessingError)) throw error;
      if (error.reason === 'tool_missing') {
        // Found at start, gone since: wait as above, and let the next check of the machine say so.
        void this.prerequisites.check({ tools: true });
        await this.repository.waitForTools(reviewId, WAITING_FOR_FFMPEG);
        return;
      }
      this.logger.warn(
        { reviewId, reason: error.reason, details: error.details },
        'Review media could not be processed',
      );
      await this.repository.fail(reviewId, error.message);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // The dashboard shows the new state; a published review's files reach the storefront now.
    await Promise.all([
      this.analytics.reviewsChanged(target.merchantId),
      target.status === 'approved' ? this.storefront.invalidate(target.merchantId) : undefined,
      target.status === 'approved' ? this.publication.changed(target.merchantId) : undefined,
      // An approved review waiting for its media counts once they are done.
      target.status === 'approved'
        ? this.platformRatings.changed(target.merchantId, { reviewIds: [target.id] })
        : undefined,
    ]);
    // Publishable now: the store's automatic moderation decides. Its failure (logged) does not redo the processing.
    if (ready) {
      await this.events
        .emit('review.publishable', { merchantId: target.merchantId, reviewId: target.id })
        .catch(() => undefined);
    }
  }

  private async processFiles(target: ProcessingTarget, dir: string, signal?: AbortSignal): Promise<ProcessedMedia> {
    if (target.videoKey) return this.processVideo(target, target.videoKey, dir, signal);
    if (target.photoKey) return this.processPhoto(target, target.photoKey);
    return { videoKey: null, photoKey: null, thumbnailKey: target.thumbnailKey, files: [] };
  }

  private async processVideo(
    target: ProcessingTarget,
    original: string,
    dir: string,
    signal?: AbortSignal,
  ): Promise<ProcessedMedia> {
    const settings = { ...this.config.processing, signal };
    const input = join(dir, 'original');
    await this.download(original, input);
    const probed = await probeVideo(input, settings);
    const keys = processedKeys(original);
    const video = join(dir, 'video.mp4');
    const poster = join(dir, 'poster.jpg');
    const size = await transcodeVideo(input, video, probed, settings);
    await extractPoster(input, poster, probed, settings);
    const [videoBytes, posterBytes] = await Promise.all([
      this.upload(keys.video, createReadStream(video), 'video/mp4'),
      this.upload(keys.poster, createReadStream(poster), 'image/jpeg'),
    ]);
    const row = { merchantId: target.merchantId, ...size };
    return {
      videoKey: keys.video,
      photoKey: null,
      // The poster replaces any thumbnail the shopper's browser drew: one picture, made here, without metadata.
      thumbnailKey: keys.poster,
      files: [
        { ...row, key: keys.video, mime: 'video/mp4', bytes: videoBytes, durationMs: probed.durationMs },
        { ...row, key: keys.poster, mime: 'image/jpeg', bytes: posterBytes },
      ],
    };
  }

  private async processPhoto(target: ProcessingTarget, original: string): Promise<ProcessedMedia> {
    const stored = await this.storage.get(original);
    if (!stored) throw new MediaProcessingError('undecodable', 'The uploaded file is missing.');
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    const photo = await processPhoto(Buffer.concat(chunks), this.config.processing.timeoutMs);
    const keys = processedKeys(original);
    const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
    let bytes = 0;
    for (const [width, body] of photo.webp) {
      const written = await this.upload(keys.photo(width), Readable.from([body]), 'image/webp');
      if (width === largest) bytes = written;
    }
    await this.upload(keys.photo(largest, 'jpg'), Readable.from([photo.jpeg]), 'image/jpeg');
    return {
      videoKey: null,
      photoKey: keys.photo(largest),
      thumbnailKey: null,
      files: [
        {
          merchantId: target.merchantId,
          key: keys.photo(largest),
          mime: 'image/webp',
          bytes,
          width: photo.width,
          height: photo.height,
        },
      ],
    };
  }

  private async download(key: string, file: string): Promise<void> {
    const stored = await this.storage.get(key);
    if (!stored) throw new MediaProcessingError('undecodable', 'The uploaded file is missing.');
    await pipeline(stored.stream, createWriteStream(file));
    if ((await stat(file)).size !== stored.bytes) throw new Error(`Read ${key} short`);
  }

  private async upload(key: string, body: Readable, contentType: string): Promise<number> {
    return (await this.storage.put(key, body, contentType)).bytes;
  }
}
