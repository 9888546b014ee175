import { Inject, Injectable } from '@nestjs/common';
import { SIGNED_MEDIA_PERIOD_S } from '../../shared/constants.js';
import { Signer } from '../common/signer.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage.js';

const EXPIRES = /^\d{1,12}$/;
/** Links kept per period: a few pages of a few stores' media, under 1 MB (about 150 bytes a link). */
const MAX_KEPT = 5_000;

/**
 * Signed media links: `/media/{key}?expires={unix seconds}&signature={HMAC-SHA256 of key and expiry}`. They serve the
 * file whatever its review's state, until they expire, to whoever holds them: the dashboard gets them for every
 * review (a `<video>` or `<img>` fetches its source without the API's headers), so a pending, rejected or deleted
 * review's media plays there while public URLs answer 404.
 */
@Injectable()
export class MediaUrls {
  private readonly signer: Signer;
  /**
   * This period's dashboard links by key: a link does not change within its period, and the reviews page signs each
   * of its rows' media on every render (an HMAC and a URL each, 2 % of a `/reviews` render's CPU).
   */
  private kept = { period: -1, links: new Map<string, string>() };

  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.signer = new Signer(Buffer.from(config.secrets.encryptionKey, 'hex'), 'media-url-signature');
  }

  /** A link valid `SIGNED_MEDIA_PERIOD_S` to twice that from `now`, unchanged within one period. */
  forDashboard(key: string, now = Date.now()): string {
    const period = Math.floor(now / 1000 / SIGNED_MEDIA_PERIOD_S);
    if (this.kept.period !== period || this.kept.links.size >= MAX_KEPT) this.kept = { period, links: new Map() };
    let link = this.kept.links.get(key);
    if (link === undefined) {
      link = this.signed(key, (period + 2) * SIGNED_MEDIA_PERIOD_S);
      this.kept.links.set(key, link);
    }
    return link;
  }

  /** A link valid until `expires` (unix seconds). */
  signed(key: string, expires: number): string {
    const query = new URLSearchParams({
      expires: String(expires),
      signature: this.signer.sign(message(key, String(expires))),
    });
    return `${this.storage.urlOf(key)}?${query}`;
  }

  /** Seconds the link has left, or null when it was tampered with or has expired. */
  remaining(key: string, expires: string, signature: string, now = Date.now()): number | null {
    if (!EXPIRES.test(expires)) return null;
    if (!this.signer.verify(message(key, expires), signature)) return null;
    const left = Number(expires) - Math.floor(now / 1000);
    return left > 0 ? left : null;
  }
}

function message(key: string, expires: string): string {
  return `${key}\n${expires}`;
}
