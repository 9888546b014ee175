import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type _Object,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  checkedUploadId,
  contentTypeOf,
  isMediaKey,
  isUploadId,
  RESUMABLE_DIR,
  type ByteRange,
  type MediaStorage,
  type StoredMedia,
  type StoredObject,
  type StoredResumable,
} from './media-storage.js';
import type { AppConfig } from '../config/config.js';
import { publicKeyOf, type PublicMedia } from './public-media.js';

export type S3Settings = NonNullable<AppConfig['s3']>;

/** Parts of a multipart upload: S3's minimum part size; smaller bodies go up in one PUT. */
const PART_BYTES = 5 * 1024 * 1024;
/** A resumable upload's chunk is kept as objects of at most this size, each buffered in a temporary file first. */
export const SEGMENT_BYTES = 8 * 1024 * 1024;

/** One stored piece of a resumable upload: bytes `start` to `end` (exclusive), named by both. */
interface Segment {
  key: string;
  start: number;
  end: number;
}

const SEGMENT_NAME = /\/(\d{15})-(\d{15})$/;
const digits = (n: number) => String(n).padStart(15, '0');

/** The segments that hold bytes, in order of where they start (then longest first). */
function segmentsOf(objects: _Object[]): Segment[] {
  const segments: Segment[] = [];
  for (const object of objects) {
    const match = object.Key ? SEGMENT_NAME.exec(object.Key) : null;
    if (match) segments.push({ key: object.Key!, start: Number(match[1]), end: Number(match[2]) });
  }
  return segments.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * How many bytes from the start the segments hold without a gap. Segments may overlap (a resumed chunk written again
 * while the broken request that carried it was still being stored): they hold the same bytes.
 */
function covered(segments: Segment[]): number {
  let end = 0;
  for (const segment of segments) {
    if (segment.start > end) break;
    end = Math.max(end, segment.end);
  }
  return end;
}

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
      // A streamed body with a default checksum goes out aws-chunked, which some S3-compatible servers store as it
      // came, chunk headers included. Checksums only where an operation requires one; Content-Length still holds.
      requestChecksumCalculation: 'WHEN_REQUIRED',
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

  /**
   * A resumable upload is a prefix: `info.json`, one object per stored piece of its bytes, named by the range it
   * holds, and `seal.json` once complete. Pieces are never rewritten and the offset is what they cover, so any
   * instance may take the next chunk. (S3's own multipart uploads would need ListParts to resume, which not every
   * S3-compatible server has.)
   */
  async createUpload(id: string, info: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: `${this.uploadPrefix(id)}info.json`,
        Body: info,
        ContentType: 'application/json',
      }),
    );
  }

  async uploadInfo(id: string): Promise<string | null> {
    return this.textOf(`${this.uploadPrefix(id)}info.json`);
  }

  async uploadOffset(id: string): Promise<number> {
    return covered(segmentsOf(await this.objectsUnder(this.uploadPrefix(id))));
  }

  /**
   * The body goes to a temporary file, sent as one piece every SEGMENT_BYTES and when it ends, so memory does not
   * grow with the chunk and a broken connection keeps all that arrived.
   */
  async appendUpload(id: string, offset: number, body: AsyncIterable<Buffer>): Promise<number> {
    const prefix = this.uploadPrefix(id);
    const dir = await mkdtemp(join(tmpdir(), 'vr-upload-'));
    const path = join(dir, 'segment');
    let start = offset;
    let file: FileHandle | null = null;
    let size = 0;
    const flush = async () => {
      if (!file) return;
      await file.close();
      file = null;
      if (!size) return;
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: `${prefix}${digits(start)}-${digits(start + size)}`,
          Body: createReadStream(path),
          ContentLength: size,
        }),
      );
      start += size;
      size = 0;
    };
    try {
      let failure: unknown;
      try {
        for await (const chunk of body) {
          file ??= await open(path, 'w');
          await file.write(chunk);
          size += chunk.length;
          if (size >= SEGMENT_BYTES) await flush();
        }
      } catch (error) {
        failure = error;
      }
      await flush();
      if (failure) throw failure;
      return start;
    } finally {
      await (file as FileHandle | null)?.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  }

  readUpload(id: string, start: number, end: number): Readable {
    return Readable.from(this.uploadBytes(this.uploadPrefix(id), start, end));
  }

  async sealUpload(id: string, seal: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: `${this.uploadPrefix(id)}seal.json`,
        Body: seal,
        ContentType: 'application/json',
      }),
    );
  }

  async uploadSeal(id: string): Promise<string | null> {
    return this.textOf(`${this.uploadPrefix(id)}seal.json`);
  }

  async deleteUpload(id: string): Promise<void> {
    const objects = await this.objectsUnder(this.uploadPrefix(id));
    // The info last: an upload whose info is gone is treated as abandoned, whatever of it is left.
    const keys = objects
      .map((object) => object.Key!)
      .sort((a, b) => Number(a.endsWith('/info.json')) - Number(b.endsWith('/info.json')));
    for (const key of keys) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *listUploads(): AsyncGenerator<StoredResumable> {
    const uploads = new Map<string, Date>();
    for (const object of await this.objectsUnder(`${RESUMABLE_DIR}/`)) {
      const id = object.Key!.slice(RESUMABLE_DIR.length + 1).split('/')[0];
      if (!isUploadId(id)) continue;
      const modified = object.LastModified ?? new Date(0);
      const known = uploads.get(id);
      if (!known || modified > known) uploads.set(id, modified);
    }
    for (const [id, modifiedAt] of uploads) yield { id, info: await this.uploadInfo(id), modifiedAt };
  }

  private uploadPrefix(id: string): string {
    return `${RESUMABLE_DIR}/${checkedUploadId(id)}/`;
  }

  private async textOf(key: string): Promise<string | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return (await res.Body?.transformToString('utf8')) ?? null;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  private async objectsUnder(prefix: string): Promise<_Object[]> {
    const objects: _Object[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      objects.push(...(page.Contents ?? []).filter((object) => object.Key));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  private async *uploadBytes(prefix: string, start: number, end: number): AsyncGenerator<Buffer> {
    let at = start;
    for (const segment of segmentsOf(await this.objectsUnder(prefix))) {
      if (at >= end) break;
      if (segment.end <= at) continue;
      if (segment.start > at) break;
      const last = Math.min(segment.end, end) - 1;
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: segment.key,
          Range: `bytes=${at - segment.start}-${last - segment.start}`,
        }),
      );
      for await (const chunk of res.Body as Readable) yield chunk as Buffer;
      at = last + 1;
    }
    if (at < end) throw new Error(`The upload holds ${at} of the ${end} bytes asked for`);
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
