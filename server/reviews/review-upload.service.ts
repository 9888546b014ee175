import { Inject, Injectable, Logger } from '@nestjs/common';
import { hours } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ZReviewUpload } from '../../shared/reviews.js';
import { AnalyticsCache } from '../analytics/analytics-cache.js';
import { SessionGuard } from '../auth/session.guard.js';
import { ApiError } from '../common/api-error.js';
import { zodFields } from '../common/error-body.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { TMediaKind } from '../media/file-type.js';
import { REVIEW_MEDIA_FOLDER } from '../media/media-folders.js';
import { DomainEvents } from '../events/domain-events.js';
import { MediaService, type StoredUpload, type UploadOptions } from '../media/media.service.js';
import { multipartParts } from '../media/multipart.js';
import { ResumableUploadService, type ResumableUpload } from '../media/resumable-upload.service.js';
import { OrdersService } from '../orders/orders.service.js';
import { pageProduct } from '../products/page-product.js';
import { RateLimits, type RateLimit } from '../rate-limits/rate-limits.js';
import { StorefrontService } from '../storefront/storefront.service.js';
import { ReviewMediaJobs } from './review-media.jobs.js';
import { ReviewsRepository, type Transaction } from './reviews.repository.js';

export const UPLOADS_PER_IP: RateLimit = { name: 'review-upload:ip', limit: 30, ttl: hours(1) };

type ParsedReviewUpload = z.output<typeof ZReviewUpload>;
/** An anonymous submission (a storefront's widget, as far as anyone knows): `origin` is its Origin header. */
interface Shopper {
  origin: string | undefined;
}

/**
 * A review made through a review request's link (the hosted review page): the store, the buyer's address and the
 * products are the request's, and the review is a verified purchase.
 */
export interface RequestSubmission {
  merchantId: string;
  customerEmail: string;
  /** The request's product the review is about; throws when the request has no such product, or it was reviewed. */
  product(externalId: string): { externalId: string; name: string; imageUrl?: string; url?: string };
  /**
   * In the review's transaction: the request marks its product reviewed, or throws (the review is then not made)
   * when another review took it meanwhile.
   */
  reviewed(tx: Transaction, reviewId: string, productExternalId: string): Promise<void>;
}

const FILE_FIELDS: Record<string, TMediaKind> = { video: 'video', photo: 'image', thumbnail: 'image' };
/** DESIGN §6.10: what shoppers may send. */
export const REVIEW_MIMES: Record<TMediaKind, readonly string[]> = {
  video: ['video/mp4', 'video/webm', 'video/quicktime'],
  image: ['image/jpeg', 'image/png', 'image/webp'],
};

/**
 * A shopper's (or the merchant's) new review: files streamed to storage as they arrive, fields checked once
 * the body is read. Any failure removes what was stored, so a refused upload leaves nothing behind. A large video
 * may come as a resumable upload instead (ReviewResumableService), named by `upload_id`.
 */
@Injectable()
export class ReviewUploadService {
  private readonly logger = new Logger(ReviewUploadService.name);

  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly media: MediaService,
    private readonly storefront: StorefrontService,
    private readonly analytics: AnalyticsCache,
    private readonly sessions: SessionGuard,
    private readonly limits: RateLimits,
    private readonly orders: OrdersService,
    private readonly mediaJobs: ReviewMediaJobs,
    private readonly resumable: ResumableUploadService,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async upload(request: FastifyRequest, via?: RequestSubmission): Promise<{ id: string; status: 'pending' }> {
    await this.limits.consume(UPLOADS_PER_IP, request.ip);
    const auth = via ? null : await this.sessions.contextOf(request);
    if (auth && !auth.permissions.includes('moderate_reviews')) throw ApiError.forbidden();
    const fields: Record<string, string> = {};
    const files: Record<string, StoredUpload> = {};
    try {
      let merchantId = via?.merchantId ?? auth?.workspace?.merchant?.id;
      let storeProblem: string | undefined;
      for await (const part of multipartParts(request)) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          if (part.fieldname === 'merchant_id' && !merchantId) {
            merchantId = await this.storeOf(fields.merchant_id);
            if (!merchantId) storeProblem = 'No store with this id.';
          }
          continue;
        }
        // Nothing is written for a store that was not named (and found) first: files are read and dropped,
        // so the connection stays usable, but never stored.
        if (!merchantId) {
          storeProblem ??= 'Send merchant_id before the files.';
          part.file.resume();
          continue;
        }
        const kind = FILE_FIELDS[part.fieldname];
        if (!kind || files[part.fieldname]) {
          part.file.resume();
          continue;
        }
        files[part.fieldname] = await this.media.storeUpload(part, {
          prefix: REVIEW_MEDIA_FOLDER,
          maxBytes: kind === 'video' ? this.config.uploads.maxVideoBytes : this.config.uploads.maxPhotoBytes,
          kinds: [kind],
          mimes: REVIEW_MIMES[kind],
        });
      }
      if (!merchantId || storeProblem) {
        throw ApiError.validation({ merchant_id: [storeProblem ?? 'This field is required.'] });
      }
      return await this.save(fields, files, merchantId, auth ? null : { origin: request.headers.origin }, via);
    } catch (error) {
      await Promise.all(
        Object.values(files).map((file) =>
          this.media
            .delete(file.key)
            .catch((err: unknown) => this.logger.error({ err, key: file.key }, 'Could not remove a refused upload')),
        ),
      );
      throw error;
    }
  }

  private async storeOf(merchantId: string): Promise<string | undefined> {
    return merchantId.trim() ? (await this.storefront.findStore(merchantId.trim()))?.id : undefined;
  }

  private async save(
    fields: Record<string, string>,
    files: Record<string, StoredUpload>,
    merchant: string,
    shopper: Shopper | null,
    via?: RequestSubmission,
  ): Promise<{ id: string; status: 'pending' }> {
    const parsed = ZReviewUpload.safeParse(fields);
    const problems: Record<string, string[]> = parsed.success ? {} : zodFields(parsed.error);
    let upload: ResumableUpload | null = null;
    if (parsed.success && parsed.data.upload_id) {
      const found = await this.uploadOf(parsed.data.upload_id, merchant);
      if (typeof found === 'string') problems.upload_id = [found];
      else if (files.video || files.photo) problems.upload_id = ['Send the video as a file or as an upload, not both.'];
      else upload = found;
    }
    if (!files.video && !files.photo && !fields.upload_id?.trim()) {
      if (await this.storefront.mediaRequired(merchant)) problems.video = ['Attach a video or a photo.'];
      else {
        // A review with only stars and text (the store takes them): the text is what it has to say.
        if (!fields.comment?.trim()) problems.comment = ['Write your review, or attach a video or a photo.'];
        if (files.thumbnail) problems.thumbnail = ['A thumbnail goes with a video.'];
      }
    }
    if (files.video && files.photo) problems.photo = ['Attach a video or a photo, not both.'];
    if (!parsed.success || Object.keys(problems).length) throw ApiError.validation(problems);
    via?.product(parsed.data.product_id);
    if (!upload) return this.create(parsed.data, files, merchant, shopper, via);

    // Checked and stored only now that the review's fields are valid: a refused review leaves the upload to retry.
    // One request at a time takes it (a double tap's second gets 409 `upload_in_use`), and only once.
    const checks: UploadOptions = {
      prefix: REVIEW_MEDIA_FOLDER,
      maxBytes: this.config.uploads.maxVideoBytes,
      kinds: ['video'],
      mimes: REVIEW_MIMES.video,
    };
    return this.resumable.use(upload, checks, (video) => {
      files.video = video;
      return this.create(parsed.data, files, merchant, shopper, via);
    });
  }

  /** The complete upload the review names, or what is wrong with it; only the store it was started for may use it. */
  private async uploadOf(id: string, merchant: string): Promise<ResumableUpload | string> {
    const upload = await this.resumable.lookup(id);
    if (!upload || upload.merchantId !== merchant) return 'No upload with this id for this store.';
    if (upload.expired) return 'This upload expired: send the video again.';
    if (upload.offset < upload.length) {
      return `The upload is not complete: ${upload.offset} of ${upload.length} bytes arrived.`;
    }
    return upload;
  }

  private async create(
    body: ParsedReviewUpload,
    files: Record<string, StoredUpload>,
    merchant: string,
    shopper: Shopper | null,
    via?: RequestSubmission,
  ): Promise<{ id: string; status: 'pending' }> {
    const fromDashboard = shopper === null;
    // A product no platform or merchant described yet takes what the shopper's page said, marked unverified; one a
    // review request names is what its order (or the merchant's API call) said.
    const product = await this.reviews.upsertProduct(merchant, {
      externalId: body.product_id,
      ...(via
        ? { ...via.product(body.product_id), source: 'merchant' }
        : fromDashboard
          ? { name: body.product_name, imageUrl: body.product_image, url: body.product_url, source: 'merchant' }
          : { ...pageProduct(body, shopper.origin, await this.storefront.storeHosts(merchant)), source: 'storefront' }),
    });
    const email = via ? via.customerEmail : (body.customer_email ?? '');
    const verifiedPurchase = !!via || (!!email && (await this.orders.hasBought(merchant, email, product.externalId)));
    const stored = Object.values(files).map((file) => ({
      merchantId: merchant,
      key: file.key,
      mime: file.mime,
      bytes: file.bytes,
    }));
    const processing = this.config.processing.enabled && stored.length > 0;
    const review = await this.reviews.create(
      {
        merchantId: merchant,
        productId: product.id,
        customerName: body.customer_name ?? '',
        customerEmail: email,
        rating: body.rating,
        comment: body.comment,
        videoKey: files.video?.key,
        photoKey: files.photo?.key,
        thumbnailKey: files.thumbnail?.key,
        // Re-encoded after this answers (ReviewMediaService); the storefront shows it once that is done. A review
        // with only stars and text has nothing to wait for.
        mediaState: processing ? 'processing' : 'ready',
        source: via ? 'request' : fromDashboard ? 'dashboard' : 'widget',
        verifiedPurchase,
        sessionId: fromDashboard ? undefined : body.session_id,
      },
      product.name,
      stored,
      via && ((tx, row) => via.reviewed(tx, row.id, product.externalId)),
    );
    // The buyer's order may have been recorded between the check above and this insert: its own marking ran before
    // the review existed. Looking again after the insert committed closes that gap (one of the two sides sees the other).
    if (email && !verifiedPurchase && (await this.orders.hasBought(merchant, email, product.externalId))) {
      await this.reviews.markVerified(merchant, email, [product.externalId]);
    }
    if (processing) await this.mediaJobs.enqueue(review.id, merchant);
    await this.analytics.reviewsChanged(merchant);
    // The review is stored: a subscriber's failure (logged by the emitter) must not make the shopper send it again.
    await this.events
      .emit('review.submitted', {
        merchantId: merchant,
        reviewId: review.id,
        customerEmail: email,
        productExternalId: product.externalId,
      })
      .catch(() => undefined);
    // Nothing to process: the store's automatic moderation decides now (else once its media are ready).
    if (!processing) {
      await this.events
        .emit('review.publishable', { merchantId: merchant, reviewId: review.id })
        .catch(() => undefined);
    }
    return { id: review.id, status: 'pending' };
  }
}
