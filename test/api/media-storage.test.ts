import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalMediaStorage } from '../../server/media/local-media.storage.js';
import type { MediaStorage, StoredResumable } from '../../server/media/media-storage.js';
import { S3MediaStorage, SEGMENT_BYTES } from '../../server/media/s3-media.storage.js';
import { existsSync } from 'node:fs';
import request from 'supertest';
import { MEDIA_STORAGE } from '../../server/media/media-storage.js';
import type { TReview } from '../../shared/reviews.js';
import { fixture } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// One contract, every storage driver: local disk, and an S3 bucket on a real S3-protocol server.

interface Driver {
  storage: MediaStorage;
  close(): Promise<void>;
}

const drivers: Record<string, () => Promise<Driver>> = {
  'local disk': async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vr-media-contract-'));
    return { storage: new LocalMediaStorage(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
  },
  'S3 bucket (s3rver)': async () => {
    const server: S3TestServer = await startS3Server();
    const storage = new S3MediaStorage({
      endpoint: server.env.S3_ENDPOINT,
      bucket: server.env.S3_BUCKET,
      region: server.env.S3_REGION,
      accessKeyId: server.env.S3_ACCESS_KEY_ID,
      secretAccessKey: server.env.S3_SECRET_ACCESS_KEY,
    });
    return {
      storage,
      close: async () => {
        storage.destroy();
        await server.close();
      },
    };
  },
};

/** A body of `size` bytes where each byte says its offset (mod 251), delivered in chunks as a network would. */
function patterned(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  return bytes;
}
function chunked(bytes: Buffer, chunk = 64 * 1024): Readable {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  return Readable.from(parts);
}

async function keysIn(storage: MediaStorage, folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(folder)) keys.push(object.key);
  return keys.sort();
}

describe.each(Object.keys(drivers))('media storage contract: %s', (name) => {
  let driver: Driver;
  let storage: MediaStorage;
  beforeAll(async () => {
    driver = await drivers[name]();
    storage = driver.storage;
  });
  afterAll(() => driver.close());

  it('stores, reads whole or by range, and deletes', async () => {
    const key = 'profile-photos/one.png';
    expect(await storage.put(key, Readable.from([Buffer.from('0123'), Buffer.from('456789')]), 'image/png')).toEqual({
      bytes: 10,
    });
    expect(storage.urlOf(key)).toBe('/media/profile-photos/one.png');
    expect(await storage.stat(key)).toEqual({ bytes: 10, contentType: 'image/png' });
    const whole = await storage.get(key);
    expect(whole).toMatchObject({ bytes: 10, contentType: 'image/png' });
    expect(await text(whole!.stream)).toBe('0123456789');
    const middle = await storage.get(key, { start: 2, end: 5 });
    expect(middle?.bytes).toBe(10);
    expect(await text(middle!.stream)).toBe('2345');
    expect(await text((await storage.get(key, { start: 7 }))!.stream)).toBe('789');

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('keeps a large body intact (a multipart upload on S3), and serves ranges across its parts', async () => {
    const bytes = patterned(11 * 1024 * 1024 + 123);
    const key = 'reviews/large.mp4';
    expect(await storage.put(key, chunked(bytes), 'video/mp4')).toEqual({ bytes: bytes.length });
    expect(await storage.stat(key)).toEqual({ bytes: bytes.length, contentType: 'video/mp4' });
    const start = 5 * 1024 * 1024 - 10;
    const range = await storage.get(key, { start, end: start + 99 });
    expect((await buffer(range!.stream)).equals(bytes.subarray(start, start + 100))).toBe(true);
    expect((await buffer((await storage.get(key))!.stream)).equals(bytes)).toBe(true);
    await storage.delete(key);
  });

  it('types objects by their extension', async () => {
    await storage.put('x/clip.mov', Readable.from(['x']), 'video/quicktime');
    await storage.put('x/blob.bin', Readable.from(['x']), 'application/octet-stream');
    expect((await storage.stat('x/clip.mov'))?.contentType).toBe('video/quicktime');
    expect((await storage.stat('x/blob.bin'))?.contentType).toBe('application/octet-stream');
  });

  it('leaves nothing under the key when the upload stream fails, small or past one part', async () => {
    for (const size of [1024, 6 * 1024 * 1024]) {
      const failing = new Readable({ read() {} });
      failing.push(patterned(size));
      setTimeout(() => failing.destroy(new Error('client went away')), 50);
      await expect(storage.put('broken/upload.mp4', failing, 'video/mp4')).rejects.toThrow('client went away');
      expect(await storage.stat('broken/upload.mp4')).toBeNull();
      expect(await keysIn(storage, 'broken')).toEqual([]);
    }
  });

  it('refuses keys that leave the media folder', async () => {
    await expect(storage.put('../escape.jpg', Readable.from(['x']), 'image/jpeg')).rejects.toThrow(/Invalid media key/);
    await expect(storage.put('/tmp/escape.jpg', Readable.from(['x']), 'image/jpeg')).rejects.toThrow(/Invalid/);
    await expect(storage.delete('a/../../escape.jpg')).rejects.toThrow(/Invalid media key/);
    expect(() => storage.urlOf('../x.jpg')).toThrow(/Invalid media key/);
    expect(await storage.get('../config/secrets.json')).toBeNull();
    expect(await storage.stat('.partial/x.part')).toBeNull();
  });

  it("lists a folder's objects, nested ones too, with their write time", async () => {
    const before = Date.now() - 2000;
    for (const key of ['listed/a.mp4', 'listed/2026/b.jpg', 'listed-not/c.png', 'other/d.png']) {
      await storage.put(key, Readable.from(['x']), 'image/png');
    }
    const listed = [];
    for await (const object of storage.list('listed')) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual(['listed/2026/b.jpg', 'listed/a.mp4']);
    for (const object of listed) {
      expect(object.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(object.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    }
    expect(await keysIn(storage, 'nothing-here')).toEqual([]);
  });

  it('has no partial writes to remove when nothing crashed', async () => {
    expect(await storage.removePartials(new Date())).toBe(0);
  });

  it('keeps a resumable upload chunk by chunk, the bytes of a broken chunk too, its seal, and copies it to a key', async () => {
    const bytes = patterned(SEGMENT_BYTES + 3 * 1024 * 1024);
    const id = randomUUID();
    await storage.createUpload(id, '{"length":1}');
    expect(await storage.uploadInfo(id)).toBe('{"length":1}');
    expect(await storage.uploadOffset(id)).toBe(0);
    expect(await storage.appendUpload(id, 0, chunked(bytes.subarray(0, 1000)))).toBe(1000);

    // A connection that breaks after some bytes: they are kept, and the error still reaches the caller.
    async function* broken() {
      yield bytes.subarray(1000, 5000);
      throw new Error('client went away');
    }
    await expect(storage.appendUpload(id, 1000, broken())).rejects.toThrow('client went away');
    expect(await storage.uploadOffset(id)).toBe(5000);
    // The same bytes written again from an earlier offset (a resumed chunk racing the broken one) change nothing.
    expect(await storage.appendUpload(id, 3000, chunked(bytes.subarray(3000, 6000)))).toBe(6000);
    // One chunk larger than a stored piece (on S3) arrives whole.
    expect(await storage.appendUpload(id, 6000, chunked(bytes.subarray(6000)))).toBe(bytes.length);
    expect(await storage.uploadOffset(id)).toBe(bytes.length);
    expect((await buffer(storage.readUpload(id, 0, 64))).equals(bytes.subarray(0, 64))).toBe(true);
    const middle = storage.readUpload(id, 4990, SEGMENT_BYTES + 10);
    expect((await buffer(middle)).equals(bytes.subarray(4990, SEGMENT_BYTES + 10))).toBe(true);

    expect(await storage.uploadSeal(id)).toBeNull();
    await storage.sealUpload(id, '{"bytes":1}');
    await storage.sealUpload(id, '{"bytes":2}');
    expect(await storage.uploadSeal(id)).toBe('{"bytes":2}');

    await storage.put('reviews/resumed.mp4', storage.readUpload(id, 0, bytes.length), 'video/mp4');
    expect(await storage.stat('reviews/resumed.mp4')).toEqual({ bytes: bytes.length, contentType: 'video/mp4' });
    expect((await buffer((await storage.get('reviews/resumed.mp4'))!.stream)).equals(bytes)).toBe(true);
    // Nothing of an upload is ever a media key, nor listed with the media.
    expect(await keysIn(storage, 'reviews')).toEqual(['reviews/resumed.mp4']);

    const listed: StoredResumable[] = [];
    for await (const upload of storage.listUploads()) listed.push(upload);
    expect(listed).toEqual([{ id, info: '{"length":1}', modifiedAt: expect.any(Date) }]);
    await storage.deleteUpload(id);
    expect(await storage.uploadInfo(id)).toBeNull();
    expect(await storage.uploadSeal(id)).toBeNull();
    for await (const upload of storage.listUploads()) expect(upload.id).not.toBe(id);
    // The stored file is its own: removing the upload leaves it.
    expect((await storage.stat('reviews/resumed.mp4'))?.bytes).toBe(bytes.length);
    await storage.delete('reviews/resumed.mp4');
    await expect(storage.uploadInfo('../../x')).rejects.toThrow(/Invalid upload id/);
  });
});

describe('the app with S3_BUCKET set', () => {
  let server: S3TestServer;
  let t: TestApp;
  beforeAll(async () => {
    server = await startS3Server();
    t = await startTestApp({ env: { PUBLIC_URL, ...server.env } });
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('keeps uploads in the bucket, never on local disk, and serves them by the same rules', async () => {
    expect(t.app.get(MEDIA_STORAGE)).toBeInstanceOf(S3MediaStorage);
    const owner = await registerOwner(t);
    const http = request(t.app.getHttpServer());
    const uploaded = await http
      .post('/api/reviews/upload/')
      .field('merchant_id', owner.storeId)
      .field('product_id', 'sku-s3')
      .field('rating', '5')
      .attach('video', fixture('review.mp4'), 'clip.mp4')
      .expect(201);
    const review = (await owner.agent.get(`/api/reviews/${uploaded.body.id}/`).expect(200)).body as TReview;
    const signed = review.video_url!;
    const path = new URL(signed, PUBLIC_URL).pathname;
    const key = path.replace('/media/', '');
    const bytes = fixture('review.mp4').length;
    expect(await t.app.get<MediaStorage>(MEDIA_STORAGE).stat(key)).toEqual({ bytes, contentType: 'video/mp4' });
    expect(existsSync(join(t.config.uploads.mediaDir, key))).toBe(false);

    // Pending: only the dashboard's signed link plays it, ranges included; publicly it is not there.
    await http.get(path).expect(404);
    const range = await http.get(signed.replace(PUBLIC_URL, '')).set('Range', 'bytes=0-9').expect(206);
    expect(range.headers['content-range']).toBe(`bytes 0-9/${bytes}`);
    // Published: public.
    await owner.agent.post(`/api/reviews/${uploaded.body.id}/approve/`).expect(200);
    const published = await http.get(path).expect(200);
    expect(Number(published.headers['content-length'])).toBe(bytes);
  });
});
