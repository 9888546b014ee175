import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TResumableUpload } from '../../shared/reviews.js';
import { ApiError } from '../common/api-error.js';
import { integerHeader, requireTusVersion, TUS_CHUNK_TYPE, tusOptions, uploadMetadata } from '../common/tus.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { tooLarge, unsupportedType } from '../media/media.service.js';
import { ResumableUploadService, type ResumableUpload } from '../media/resumable-upload.service.js';
import { StorefrontService } from '../storefront/storefront.service.js';
import { REVIEW_MIMES } from './review-upload.service.js';

function mapUpload(upload: ResumableUpload): TResumableUpload {
  return {
    id: upload.id,
    offset: upload.offset,
    length: upload.length,
    expires_at: upload.expiresAt.toISOString(),
  };
}

/**
 * A shopper's review video sent in chunks that survive a dropped connection (tus 1.0.0, DESIGN §6.10): started for a
 * store with its size, refused early when too large or of another type (by its first bytes), then named by
 * `upload_id` in the review's POST /api/reviews/upload/, which checks and stores the file and creates the review.
 */
@Injectable()
export class ReviewResumableService {
  constructor(
    private readonly uploads: ResumableUploadService,
    private readonly storefront: StorefrontService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  describe(reply: FastifyReply): void {
    tusOptions(reply, this.config.uploads.maxVideoBytes);
  }

  async start(request: FastifyRequest, reply: FastifyReply): Promise<TResumableUpload> {
    requireTusVersion(request);
    if (request.headers['upload-defer-length'] !== undefined) {
      throw ApiError.badRequest('Send the file’s size in Upload-Length: a deferred length is not supported.');
    }
    const length = integerHeader(request, 'upload-length');
    if (!length) {
      throw ApiError.badRequest('Send the file’s size in Upload-Length.', 'invalid_header', {
        'Upload-Length': ['The size of the file in bytes, at least 1.'],
      });
    }
    if (length > this.config.uploads.maxVideoBytes) throw tooLarge(this.config.uploads.maxVideoBytes);
    const metadata = uploadMetadata(request);
    const storeId = metadata.merchant_id?.trim();
    if (!storeId) throw ApiError.validation({ merchant_id: ['This field is required.'] });
    const store = await this.storefront.findStore(storeId.slice(0, 200));
    if (!store) throw ApiError.validation({ merchant_id: ['No store with this id.'] });
    // What the client says it sends, refused before a byte is sent; the bytes themselves are checked as they come.
    if (metadata.filetype && !REVIEW_MIMES.video.includes(metadata.filetype)) throw unsupportedType(['video']);
    const upload = await this.uploads.create(store.id, length);
    this.describeUpload(reply, upload).header('location', `/api/reviews/uploads/${upload.id}/`);
    return mapUpload(upload);
  }

  /** HEAD (tus: where to resume) and GET (the same as JSON). */
  async status(request: FastifyRequest, reply: FastifyReply): Promise<TResumableUpload> {
    if (request.method === 'HEAD') requireTusVersion(request);
    const upload = await this.uploads.find(this.idOf(request));
    this.describeUpload(reply, upload)
      .header('upload-length', String(upload.length))
      .header('cache-control', 'no-store');
    return mapUpload(upload);
  }

  async append(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    requireTusVersion(request);
    if (request.headers['content-type'] !== TUS_CHUNK_TYPE) {
      throw new ApiError(415, { detail: `Send chunks as ${TUS_CHUNK_TYPE}.`, code: 'unsupported_media_type' });
    }
    const offset = integerHeader(request, 'upload-offset');
    if (offset === undefined) {
      throw ApiError.badRequest('Send where the chunk starts in Upload-Offset.', 'invalid_header', {
        'Upload-Offset': ['Where the chunk starts: the offset HEAD answered.'],
      });
    }
    const upload = await this.uploads.find(this.idOf(request));
    const size = integerHeader(request, 'content-length');
    if (size !== undefined && offset + size > upload.length) {
      throw new ApiError(413, {
        detail: 'The chunk goes past the upload’s declared length.',
        code: 'payload_too_large',
      });
    }
    const stored = await this.uploads.append(upload, offset, request.raw, {
      kinds: ['video'],
      mimes: REVIEW_MIMES.video,
    });
    this.describeUpload(reply, { ...upload, offset: stored });
  }

  async cancel(request: FastifyRequest): Promise<void> {
    requireTusVersion(request);
    const upload = await this.uploads.lookup(this.idOf(request));
    if (!upload) throw ApiError.notFound('No upload with this id.', 'upload_not_found');
    await this.uploads.cancel(upload.id);
  }

  private describeUpload(reply: FastifyReply, upload: ResumableUpload): FastifyReply {
    return reply
      .header('upload-offset', String(upload.offset))
      .header('upload-expires', upload.expiresAt.toUTCString());
  }

  private idOf(request: FastifyRequest): string {
    return (request.params as { id?: string }).id ?? '';
  }
}
