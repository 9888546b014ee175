import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeOf, isMediaKey, type ByteRange, type MediaStorage, type StoredMedia } from './media-storage.js';

/** Media as files under DATA_DIR/media, one file per key. */
export class LocalMediaStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  async put(key: string, body: Readable, _contentType: string): Promise<{ bytes: number }> {
    const path = this.pathOf(key);
    // The body may fail while the directory is being made: hold that error rather than let it go unhandled.
    let early: Error | undefined;
    const hold = (error: Error) => (early = error);
    body.once('error', hold);
    await mkdir(dirname(path), { recursive: true }).finally(() => body.off('error', hold));
    if (early) throw early;
    // A dot-prefixed name is never a valid key, so a half-written file can never be served.
    const temp = join(dirname(path), `.${randomUUID()}.part`);
    try {
      const out = createWriteStream(temp, { flags: 'wx' });
      await pipeline(body, out);
      await rename(temp, path);
      return { bytes: out.bytesWritten };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredMedia | null> {
    const info = await this.stat(key);
    if (!info) return null;
    const stream = createReadStream(this.pathOf(key), range ?? {});
    return { stream, ...info };
  }

  async stat(key: string): Promise<{ bytes: number; contentType: string } | null> {
    if (!isMediaKey(key)) return null;
    const info = await stat(this.pathOf(key)).catch(() => null);
    return info?.isFile() ? { bytes: info.size, contentType: contentTypeOf(key) } : null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  urlOf(key: string): string {
    return `/media/${this.checked(key)}`;
  }

  private pathOf(key: string): string {
    return join(this.root, this.checked(key));
  }

  private checked(key: string): string {
    if (!isMediaKey(key)) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
    return key;
  }
}
