import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { SIGNED_MEDIA_PERIOD_S } from '../../shared/constants.js';
import type { TApiError } from '../../shared/errors.js';
import { ApiError } from '../common/api-error.js';
import { parseRange } from './byte-range.js';
import { PROFILE_PHOTO_FOLDER, REVIEW_MEDIA_FOLDER } from './media-folders.js';
import { MEDIA_STORAGE, isMediaKey, type MediaStorage } from './media-storage.js';
import { MediaUrls } from './media-urls.js';
import { MediaRepository } from './media.repository.js';

/** What the request asked for, as GET /media/{key} received it. */
export interface MediaRequest {
  range?: string;
  ifNoneMatch?: string;
  /** A signed link's query (both or neither). */
  expires?: string;
  signature?: string;
}

export interface MediaResponse {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  body?: Readable | TApiError;
}

/**
 * How long browsers and CDNs may reuse a published file without asking again: a review rejected or deleted stops
 * being served by this server at once, and by their caches within this bound. Revalidation is a cheap 304.
 */
export const PUBLISHED_MAX_AGE_S = 60;
const PROFILE_PHOTO_MAX_AGE_S = 60 * 60;

const SERVE_HEADERS = {
  'accept-ranges': 'bytes',
  // Storefronts on other origins embed these files.
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
};

function invalidLink(): ApiError {
  return ApiError.forbidden('This media link has expired or is not valid.', 'invalid_media_link');
}

/**
 * GET /media/{key}: a review's file publicly only while the review is published, a profile photo by its key, and
 * any file through a signed link (the dashboard's). Every instance asks the database each time, so a moderation
 * takes effect everywhere the moment it commits.
 */
@Injectable()
export class MediaDeliveryService {
  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly repository: MediaRepository,
    private readonly urls: MediaUrls,
  ) {}

  async open(key: string, request: MediaRequest): Promise<MediaResponse> {
    if (!isMediaKey(key)) throw ApiError.notFound();
    const cacheControl = await this.cacheControlOf(key, request);
    const info = await this.storage.stat(key);
    if (!info) throw ApiError.notFound();
    // A key's bytes never change, so its size tells one version from another.
    const etag = `"${info.bytes.toString(36)}"`;
    const headers: Record<string, string> = { ...SERVE_HEADERS, 'cache-control': cacheControl, etag };
    if (request.ifNoneMatch?.split(',').some((tag) => [etag, `W/${etag}`, '*'].includes(tag.trim()))) {
      return { status: 304, headers };
    }
    const range = parseRange(request.range, info.bytes);
    if (range === 'unsatisfiable') {
      return {
        status: 416,
        headers: { 'content-range': `bytes */${info.bytes}`, 'content-type': 'application/json; charset=utf-8' },
        body: { detail: 'Requested range not satisfiable.', code: 'range_not_satisfiable' },
      };
    }
    const media = await this.storage.get(key, range ?? undefined);
    if (!media) throw ApiError.notFound();
    Object.assign(headers, { 'content-type': media.contentType, 'content-length': String(media.bytes) });
    if (!range) return { status: 200, headers, body: media.stream };
    return {
      status: 206,
      headers: {
        ...headers,
        'content-length': String(range.end - range.start + 1),
        'content-range': `bytes ${range.start}-${range.end}/${media.bytes}`,
      },
      body: media.stream,
    };
  }

  /** Whether this request may have the file, and for how long caches may keep it; throws when it may not. */
  private async cacheControlOf(key: string, { expires, signature }: MediaRequest): Promise<string> {
    if (expires !== undefined || signature !== undefined) {
      const left = this.urls.remaining(key, expires ?? '', signature ?? '');
      if (left === null) throw invalidLink();
      return `private, max-age=${Math.min(left, SIGNED_MEDIA_PERIOD_S)}`;
    }
    const [folder] = key.split('/');
    if (folder === REVIEW_MEDIA_FOLDER && (await this.repository.isPublished(key))) {
      return `public, max-age=${PUBLISHED_MAX_AGE_S}`;
    }
    if (folder === PROFILE_PHOTO_FOLDER) return `private, max-age=${PROFILE_PHOTO_MAX_AGE_S}`;
    throw ApiError.notFound();
  }
}
