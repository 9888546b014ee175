import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, opendir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

/** Where writes in progress live: a dot-folder, which no valid key can name, so a partial file is never served. */
export const PARTIALS_DIR = '.partial';
/** Before partial writes had their own folder they sat beside the final file as `.{uuid}.part`. */
const LEGACY_PARTIAL = /^\.[0-9a-f-]{36}\.part$/;

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Media as files under DATA_DIR/media, one file per key. */
export class LocalMediaStorage implements MediaStorage {
  private legacyCleared = false;

  constructor(private readonly root: string) {}

  async put(key: string, body: Readable, _contentType: string): Promise<{ bytes: number }> {
    const path = this.pathOf(key);
    const partials = join(this.root, PARTIALS_DIR);
    // The body may fail while the directories are being made: hold that error rather than let it go unhandled.
    let early: Error | undefined;
    const hold = (error: Error) => (early = error);
    body.once('error', hold);
    await Promise.all([mkdir(dirname(path), { recursive: true }), mkdir(partials, { recursive: true })]).finally(() =>
      body.off('error', hold),
    );
    if (early) throw early;
    // Same file system as the final path, so the rename is atomic.
    const temp = join(partials, `${randomUUID()}.part`);
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

  async *list(folder: string): AsyncGenerator<StoredObject> {
    const dir = await opendir(this.pathOf(folder)).catch((error: unknown) => {
      if (missing(error)) return null;
      throw error;
    });
    if (!dir) return;
    for await (const entry of dir) {
      const key = `${folder}/${entry.name}`;
      if (!isMediaKey(key)) continue;
      if (entry.isDirectory()) yield* this.list(key);
      else if (entry.isFile()) {
        // Another instance's sweep may have removed it meanwhile.
        const info = await stat(join(this.root, key)).catch(() => null);
        if (info) yield { key, modifiedAt: info.mtime };
      }
    }
  }

  async removePartials(before: Date): Promise<number> {
    const paths = (await this.namesIn(PARTIALS_DIR)).map((name) => join(PARTIALS_DIR, name));
    // Only a release before the partials folder left these, so the media folders are not read on every sweep once
    // none is left.
    const legacy = this.legacyCleared ? [] : await this.legacyPartials();
    let removed = 0;
    let kept = 0;
    for (const path of [...paths, ...legacy]) {
      const info = await stat(join(this.root, path)).catch(() => null);
      if (!info?.isFile()) continue;
      if (info.mtime >= before) {
        if (legacy.includes(path)) kept += 1;
        continue;
      }
      await rm(join(this.root, path), { force: true });
      removed += 1;
    }
    this.legacyCleared = kept === 0;
    return removed;
  }

  /** A resumable upload is a folder: `info.json`, and `data`, which grows as chunks arrive. */
  async createUpload(id: string, info: string): Promise<void> {
    const dir = this.uploadDir(id);
    await mkdir(join(this.root, RESUMABLE_DIR), { recursive: true });
    await mkdir(dir);
    await writeFile(join(dir, 'data'), '', { flag: 'wx' });
    await writeFile(join(dir, 'info.json'), info, { flag: 'wx' });
  }

  async uploadInfo(id: string): Promise<string | null> {
    return readFile(join(this.uploadDir(id), 'info.json'), 'utf8').catch((error: unknown) => {
      if (missing(error)) return null;
      throw error;
    });
  }

  async uploadOffset(id: string): Promise<number> {
    return (await stat(join(this.uploadDir(id), 'data'))).size;
  }

  /** Each chunk is written at its place as it arrives, so a broken connection keeps all that came before it. */
  async appendUpload(id: string, offset: number, body: AsyncIterable<Buffer>): Promise<number> {
    const file = await open(join(this.uploadDir(id), 'data'), 'r+');
    let at = offset;
    try {
      for await (const chunk of body) {
        await file.write(chunk, 0, chunk.length, at);
        at += chunk.length;
      }
      // What the answer's Upload-Offset promises survives a power cut.
      await file.datasync();
    } finally {
      await file.close();
    }
    return at;
  }

  readUpload(id: string, start: number, end: number): Readable {
    if (end <= start) return Readable.from([]);
    return createReadStream(join(this.uploadDir(id), 'data'), { start, end: end - 1 });
  }

  /** Written beside and renamed over: a reader sees the old record or the new one, never half of one. */
  async sealUpload(id: string, seal: string): Promise<void> {
    const dir = this.uploadDir(id);
    const temp = join(dir, `seal.${randomUUID()}.tmp`);
    await writeFile(temp, seal, { flag: 'wx' });
    await rename(temp, join(dir, 'seal.json'));
  }

  async uploadSeal(id: string): Promise<string | null> {
    return readFile(join(this.uploadDir(id), 'seal.json'), 'utf8').catch((error: unknown) => {
      if (missing(error)) return null;
      throw error;
    });
  }

  async deleteUpload(id: string): Promise<void> {
    await rm(this.uploadDir(id), { recursive: true, force: true });
  }

  async *listUploads(): AsyncGenerator<StoredResumable> {
    for (const id of (await this.namesIn(RESUMABLE_DIR)).filter(isUploadId)) {
      const dir = join(this.root, RESUMABLE_DIR, id);
      const times = await Promise.all(
        [dir, join(dir, 'data'), join(dir, 'info.json')].map((path) =>
          stat(path).then(
            (info) => info.mtime,
            () => null,
          ),
        ),
      );
      // Removed meanwhile (by its client, or another instance's sweep).
      if (!times[0]) continue;
      const modifiedAt = new Date(Math.max(...times.map((time) => time?.getTime() ?? 0)));
      const info = await this.uploadInfo(id).catch(() => null);
      yield { id, info, modifiedAt };
    }
  }

  private uploadDir(id: string): string {
    return join(this.root, RESUMABLE_DIR, checkedUploadId(id));
  }

  private async legacyPartials(): Promise<string[]> {
    const folders = (await this.namesIn('')).filter((name) => isMediaKey(name));
    const found = await Promise.all(
      folders.map(async (folder) =>
        (await this.namesIn(folder)).filter((name) => LEGACY_PARTIAL.test(name)).map((name) => join(folder, name)),
      ),
    );
    return found.flat();
  }

  /** The names in a folder under the root; none when it does not exist (or is a file). */
  private async namesIn(folder: string): Promise<string[]> {
    return readdir(join(this.root, folder)).catch((error: unknown) => {
      if (missing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
      throw error;
    });
  }

  private pathOf(key: string): string {
    return join(this.root, this.checked(key));
  }

  private checked(key: string): string {
    if (!isMediaKey(key)) throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
    return key;
  }
}
