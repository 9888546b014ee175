import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MEDIA_STORAGE, type MediaStorage } from '../media/media-storage.js';
import { PUBLIC_MEDIA, type PublicMedia } from '../media/public-media.js';
import { StorefrontService } from '../storefront/storefront.service.js';
import { reviewBatches } from '../reviews/review-batches.js';
import { FEED_CLOSE, REVIEWS_CLOSE, REVIEWS_OPEN, feedHead, feedReview, type FeedReview } from './google-feed.xml.js';
import { GoogleFeedRepository, type FeedRow } from './google-feed.repository.js';

/** Bumped when the feed's content changes for the same data, so ETags from before never match. */
const FEED_REVISION = '1';
const AGGREGATOR = 'Video Reviews';

export interface FeedAnswer {
  /** Strong, from the store's data version; null while no shared version exists (StorefrontCache). */
  etag: string | null;
  body: () => Readable;
}

/** `GET /feeds/{store_id}/google-product-reviews.xml`: the store's published reviews for Google Merchant Center. */
@Injectable()
export class GoogleFeedService {
  constructor(
    private readonly feeds: GoogleFeedRepository,
    private readonly storefront: StorefrontService,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(PUBLIC_MEDIA) private readonly publicMedia: PublicMedia | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  feedUrl(storeId: string): string {
    return `${this.config.publicUrl}/feeds/${encodeURIComponent(storeId)}/google-product-reviews.xml`;
  }

  /** Null for an unknown (or disconnected) store. */
  async feed(storeId: string): Promise<FeedAnswer | null> {
    const found = /^[\w-]{1,100}$/.test(storeId) ? await this.storefront.findStore(storeId) : null;
    if (!found || found.storeId !== storeId) return null;
    // Read before the data: a change while the feed is written bumps it past this ETag, never the other way.
    const version = await this.storefront.version(found);
    const [store, hosts] = await Promise.all([this.feeds.store(found.id), this.storefront.storeHosts(found.id)]);
    if (!store) return null;
    const etag =
      version === null
        ? null
        : `"${createHash('sha1').update(`${FEED_REVISION}|${this.config.publicUrl}|${version}`).digest('base64url')}"`;
    const head = feedHead(AGGREGATOR, {
      name: store.storeName.trim() || store.storeDomain || store.storeId,
      favicon: null,
    });
    return { etag, body: () => Readable.from(this.write(found.id, head, new Set(hosts))) };
  }

  private async *write(merchantId: string, head: string, hosts: Set<string>): AsyncGenerator<string> {
    yield head;
    let opened = false;
    const batches = reviewBatches(
      (after) => this.feeds.batch(merchantId, after),
      (row) => row.id,
    );
    for await (const rows of batches) {
      let chunk = '';
      for (const row of rows) {
        const review = this.review(row, hosts);
        if (!review) continue;
        if (!opened) chunk += REVIEWS_OPEN;
        opened = true;
        chunk += feedReview(review);
      }
      if (chunk) yield chunk;
    }
    yield (opened ? REVIEWS_CLOSE : '') + FEED_CLOSE;
  }

  /** Null for a review whose product has no page Google may trust (the feed needs its URL). */
  private review(row: FeedRow, hosts: Set<string>): FeedReview | null {
    const url = this.productUrl(row.product, hosts);
    if (!url) return null;
    const photo = row.mediaState === 'ready' ? row.photoKey : null;
    return {
      id: row.id,
      reviewerName: row.customerName,
      createdAt: row.createdAt,
      content: row.comment,
      rating: row.rating,
      reviewUrl: url,
      imageUrls: photo ? [this.mediaUrl(photo, row.publicCopies)] : [],
      collectionMethod: row.source === 'widget' ? 'unsolicited' : row.source === 'request' ? 'post_fulfillment' : null,
      product: { name: row.product.name, url, sku: row.product.sku?.trim() || null },
    };
  }

  /**
   * The product's page: what the platform or the merchant said, or what a shopper's page sent when it is on one of the
   * store's own hosts (a shopper could send any link; mapPublicProduct never publishes those back either).
   */
  private productUrl(product: FeedRow['product'], hosts: Set<string>): string | null {
    if (!product.url) return null;
    let url: URL;
    try {
      url = new URL(product.url);
    } catch {
      return null;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (product.source === 'storefront' && !hosts.has(url.hostname)) return null;
    return url.href;
  }

  /** As the storefront links them: the bucket's public copy when there is one, else the app's `/media/` URL. */
  private mediaUrl(key: string, publicCopies: boolean): string {
    if (publicCopies && this.publicMedia) return this.publicMedia.publicUrlOf(key);
    return new URL(this.storage.urlOf(key), this.config.publicUrl).href;
  }
}
