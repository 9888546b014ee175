import { Transform, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  contentTypeOf,
  isMediaKey,
  type ByteRange,
  type MediaStorage,
  type StoredMedia,
  type StoredObject,
} from './media-storage.js';
import type { AppConfig } from '../config/config.js';
import { publicKeyOf, type PublicMedia } from './public-media.js';

export type S3Settings = NonNullable<AppConfig['s3']>;

/** Parts of a multipart upload: S3's minimum part size; smaller bodies go up in one PUT. */
const PART_BYTES = 5 * 1024 * 1024;

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, R2…), one object per key. Served through the app like local
 * media, so the published-only rule and the signed dashboard links hold whatever the storage; with a `publicUrl`,
 * published files are also copied under `public/` for the bucket (or a CDN) to serve them (`PublicMedia`).
 */
export class S3MediaStorage implements MediaStorage, PublicMedia {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicUrl?: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.publicUrl = settings.publicUrl;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region ?? 'us-east-1',
      // Self-hosted servers (MinIO, test servers) answer on one host name: path-style addressing.
      forcePathStyle: !!settings.endpoint,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  /**
   * A body past one part goes up as a multipart upload, which S3 makes visible under the key only when complete;
   * a failed one is aborted, and one a crash left behind is for `removePartials`.
   */
  async put(key: string, body: Readable, contentType: string): Promise<{ bytes: number }> {
    this.checked(key);
    let bytes = 0;
    const counted = body.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      }),
    );
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: 2,
    });
    // The body may fail (a shopper's connection drops): the upload then stops and is aborted.
    const failed = new Promise<never>((_, reject) => body.once('error', reject));
    try {
      await Promise.race([upload.done(), failed]);
    } catch (error) {
      await upload.abort().catch(() => undefined);
      throw error;
    }
    return { bytes };
  }

  async get(key: string, range?: ByteRange): Promise<StoredMedia | null> {
    if (!isMediaKey(key)) return null;
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : (res.ContentLength ?? 0);
      return {
        stream: res.Body as Readable,
        bytes: total,
        contentType: contentTypeOf(key),
      };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<{ bytes: number; contentType: string } | null> {
    if (!isMediaKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { bytes: head.ContentLength ?? 0, contentType: contentTypeOf(key) };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }

  urlOf(key: string): string {
    return `/media/${this.checked(key)}`;
  }

  /** A server-side copy: the bytes never pass through the app. */
  async publish(key: string): Promise<void> {
    await this.client
      .send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: publicKeyOf(this.checked(key)),
          CopySource: `${this.bucket}/${key}`,
          ContentType: contentTypeOf(key),
          MetadataDirective: 'REPLACE',
          // As the app serves published files: a CDN drops an unpublished one within a minute.
          CacheControl: 'public, max-age=60',
        }),
      )
      .catch((error: unknown) => {
        // A file gone meanwhile (its review erased) has nothing left to publish.
        if (!notFound(error)) throw error;
      });
  }

  async unpublish(key: string): Promise<void> {
    await this.delete(publicKeyOf(key));
  }

  publicUrlOf(key: string): string {
    return `${this.publicUrl}/${publicKeyOf(this.checked(key))}`;
  }

  async *list(folder: string): AsyncGenerator<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${folder}/`, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && isMediaKey(object.Key)) {
          yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Aborts multipart uploads a crashed process started before `before`. Servers without the listing (some test
   * servers) answer NotImplemented: nothing to do then, and a bucket lifecycle rule
   * (AbortIncompleteMultipartUpload) is the usual safety net in any case.
   */
  async removePartials(before: Date): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || (upload.Initiated && upload.Initiated >= before)) continue;
          await this.client.send(
            new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }),
          );
          removed += 1;
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'NotImplemented') return removed;
      throw error;
    }
    return removed;
  }

  /** Closes the client's sockets (at shutdown). */
  destroy(): void {
    this.client.destroy();
  }

  private checked(key: string): string {
    if (!isMediaKey(key)) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
    return key;
  }
}
