import { randomUUID } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { MultipartFile } from '@fastify/multipart';
import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error.js';
import { multipartError } from './multipart.js';
import { SNIFF_BYTES, sniffFileType, type SniffedType, type TMediaKind } from './file-type.js';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage.js';
import { withVariants } from './processing/processed-keys.js';
import { MediaProcessingError } from './processing/run-tool.js';
import { PUBLIC_MEDIA, type PublicMedia } from './public-media.js';

export interface UploadOptions {
  /** Folder of the key, e.g. `profile-photos`. */
  prefix: string;
  maxBytes: number;
  kinds: TMediaKind[];
  /** Narrows the kinds to these types (e.g. DESIGN §6.10's list for reviews). */
  mimes?: readonly string[];
}

export interface StoredUpload {
  key: string;
  url: string;
  mime: string;
  bytes: number;
}

const KIND_NAMES: Record<TMediaKind, string> = {
  image: 'a JPEG, PNG, WebP or GIF image',
  video: 'an MP4, WebM or QuickTime video',
};

export function unsupportedType(kinds: TMediaKind[]): ApiError {
  const wanted = kinds.map((kind) => KIND_NAMES[kind]).join(' or ');
  return new ApiError(415, { detail: `Unsupported file type. Upload ${wanted}.`, code: 'unsupported_media_type' });
}

export function tooLarge(maxBytes: number): ApiError {
  const limit =
    maxBytes >= 1024 * 1024
      ? `${Number((maxBytes / (1024 * 1024)).toFixed(1))} MB`
      : `${Math.round(maxBytes / 1024)} KB`;
  return new ApiError(413, { detail: `File too large. The limit is ${limit}.`, code: 'payload_too_large' });
}

/** The type of a file by its first bytes, when `options` allow it; else 415. */
export function acceptedType(head: Buffer, options: Pick<UploadOptions, 'kinds' | 'mimes'>): SniffedType {
  const type = sniffFileType(head.subarray(0, SNIFF_BYTES));
  if (!type || !options.kinds.includes(type.kind) || (options.mimes && !options.mimes.includes(type.mime))) {
    throw unsupportedType(options.kinds);
  }
  return type;
}

/** Passes bytes through and fails as soon as more than `maxBytes` went by. */
export class ByteLimit extends Transform {
  private seen = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.maxBytes) callback(tooLarge(this.maxBytes));
    else callback(null, chunk);
  }
}

/** Reads until at least `size` bytes (or the end) arrived, leaving the stream paused; returns all it read. */
function readHead(stream: Readable, size: number): Promise<Buffer> {
  if (stream.destroyed) return Promise.reject(stream.errored ?? new Error('The upload was cut short.'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const settle = (error?: Error) => {
      stream.pause();
      stream.off('data', onData).off('end', onEnd).off('error', settle);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks));
    };
    const onEnd = () => settle();
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= size) settle();
    };
    stream.on('data', onData).once('end', onEnd).once('error', settle);
  });
}

@Injectable()
export class MediaService {
  constructor(
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(PUBLIC_MEDIA) private readonly publicMedia: PublicMedia | null,
  ) {}

  /**
   * Streams one uploaded file to storage under a new key, typed by its magic bytes. On any failure nothing
   * stays stored and the rest of the upload is drained, so the client still gets the error response.
   */
  async storeUpload(file: MultipartFile, options: UploadOptions): Promise<StoredUpload> {
    const source = file.file;
    let sourceFailed = false;
    try {
      const head = await readHead(source, SNIFF_BYTES);
      const type = acceptedType(head, options);
      const key = `${options.prefix}/${randomUUID()}.${type.ext}`;
      const body = new ByteLimit(options.maxBytes);
      // storage.put reports the failure; this keeps one that fires before put starts reading from going unhandled.
      body.on('error', () => {});
      source.once('error', (error) => {
        sourceFailed = true;
        body.destroy(error);
      });
      body.write(head);
      source.pipe(body);
      const { bytes } = await this.storage.put(key, body, type.mime);
      // The multipart parser's own limit cuts the file short instead of failing it.
      if (source.truncated) {
        await this.storage.delete(key);
        throw tooLarge(options.maxBytes);
      }
      return { key, url: this.storage.urlOf(key), mime: type.mime, bytes };
    } catch (error) {
      source.unpipe();
      source.resume();
      // The request body broke off or was malformed mid-file: the client's fault, not storage's.
      throw sourceFailed ? multipartError(error) : error;
    }
  }

  /**
   * Reads one uploaded image whole (it is small: at most `options.maxBytes`), checks its type by its magic bytes, and
   * stores what `reencode` makes of it under a new key, never the uploaded bytes: nothing of the original (its EXIF
   * position, its device) is kept. A file the encoder cannot decode is 400 `invalid_image`; on any failure nothing is
   * stored and the rest of the upload is drained.
   */
  async storeReencoded(
    file: MultipartFile,
    options: UploadOptions,
    reencode: (input: Buffer) => Promise<{ body: Buffer; ext: string; mime: string }>,
  ): Promise<StoredUpload> {
    const source = file.file;
    // The parser may have failed the file (a body cut short) before this reads it.
    if (source.destroyed) throw multipartError(source.errored ?? new Error('The upload was cut short.'));
    let sourceFailed = false;
    let input: Buffer;
    try {
      const limited = new ByteLimit(options.maxBytes);
      source.once('error', (error) => {
        sourceFailed = true;
        limited.destroy(error);
      });
      input = await buffer(source.pipe(limited));
      if (source.truncated) throw tooLarge(options.maxBytes);
      acceptedType(input, options);
    } catch (error) {
      source.unpipe();
      source.resume();
      throw sourceFailed ? multipartError(error) : error;
    }
    let encoded;
    try {
      encoded = await reencode(input);
    } catch (error) {
      if (!(error instanceof MediaProcessingError)) throw error;
      throw ApiError.badRequest('The image could not be read: upload another one.', 'invalid_image');
    }
    const key = `${options.prefix}/${randomUUID()}.${encoded.ext}`;
    const { bytes } = await this.storage.put(key, Readable.from([encoded.body]), encoded.mime);
    return { key, url: this.storage.urlOf(key), mime: encoded.mime, bytes };
  }

  /** Deletes the file, and a processed photo's other sizes with it, and their public copies. */
  async delete(key: string): Promise<void> {
    for (const file of withVariants(key)) {
      await this.publicMedia?.unpublish(file);
      await this.storage.delete(file);
    }
  }
}
