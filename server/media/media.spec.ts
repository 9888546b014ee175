import { jest } from '@jest/globals';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import multipart from '@fastify/multipart';
import { Controller, Module, Post, Query, Req, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import request from 'supertest';
import { AllExceptionsFilter } from '../common/all-exceptions.filter.js';
import { registerSecurityHeaders } from '../common/security-headers.js';
import { ROOT_DIR } from '../../test/support/pglite-template.js';
import { createTestEnv, type TestEnv } from '../../test/support/test-env.js';
import { loadConfig, type AppConfig } from '../config/config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { parseRange } from './byte-range.js';
import { LocalMediaStorage, PARTIALS_DIR } from './local-media.storage.js';
import { isMediaKey } from './media-storage.js';
import { MediaUrls } from './media-urls.js';
import { MediaModule } from './media.module.js';
import { MediaService } from './media.service.js';

/** Every file under `dir`, relative, including dot-files (half-written uploads would be those). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const png = (size: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(size - PNG_HEAD.length, 7)]);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vr-media-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('media keys', () => {
  it.each(['profile-photos/0b5c.jpg', 'reviews/2026/abc_1.mp4', 'a.png'])('accepts %s', (key) => {
    expect(isMediaKey(key)).toBe(true);
  });

  it.each([
    '../secrets.json',
    'profile-photos/../../secrets.json',
    'a/..',
    '/etc/passwd',
    'a//b.jpg',
    'a\\b.jpg',
    '.hidden',
    'a/.part',
    'a/b.jpg\0',
    '',
    'a/',
  ])('rejects %j', (key) => {
    expect(isMediaKey(key)).toBe(false);
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=90-1000', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-1000', 100, { start: 0, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    [undefined, 100, null],
    ['bytes=5-2', 100, null],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
    ['bytes=-', 100, null],
  ] as const)('%s of %d bytes → %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('LocalMediaStorage', () => {
  let storage: LocalMediaStorage;
  beforeEach(() => {
    storage = new LocalMediaStorage(join(dir, 'media'));
  });

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
    expect(await text((await storage.get(key, { start: 2, end: 5 }))!.stream)).toBe('2345');
    expect(await text((await storage.get(key, { start: 7 }))!.stream)).toBe('789');

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('types objects by their extension', async () => {
    await storage.put('x/clip.mov', Readable.from(['x']), 'video/quicktime');
    await storage.put('x/blob.bin', Readable.from(['x']), 'application/octet-stream');
    expect((await storage.stat('x/clip.mov'))?.contentType).toBe('video/quicktime');
    expect((await storage.stat('x/blob.bin'))?.contentType).toBe('application/octet-stream');
  });

  it('leaves nothing behind when the upload stream fails', async () => {
    const failing = new Readable({ read() {} });
    failing.push(Buffer.alloc(1024));
    setTimeout(() => failing.destroy(new Error('client went away')), 10);
    await expect(storage.put('reviews/broken.mp4', failing, 'video/mp4')).rejects.toThrow('client went away');
    expect(filesUnder(join(dir, 'media'))).toEqual([]);
  });

  it('refuses keys that leave the media directory', async () => {
    await expect(storage.put('../escape.jpg', Readable.from(['x']), 'image/jpeg')).rejects.toThrow(/Invalid media key/);
    await expect(storage.put('/tmp/escape.jpg', Readable.from(['x']), 'image/jpeg')).rejects.toThrow(/Invalid/);
    await expect(storage.delete('a/../../escape.jpg')).rejects.toThrow(/Invalid media key/);
    expect(() => storage.urlOf('../x.jpg')).toThrow(/Invalid media key/);
    expect(await storage.get('../config/secrets.json')).toBeNull();
    expect(filesUnder(dir)).toEqual([]);
  });

  it('writes under the partials folder, which no key names, and moves the file to its key when complete', async () => {
    const body = new Readable({ read() {} });
    body.push(Buffer.alloc(1000, 1));
    const stored = storage.put('reviews/whole.mp4', body, 'video/mp4');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const writing = filesUnder(join(dir, 'media'));
    expect(writing).toEqual([expect.stringMatching(new RegExp(`^${PARTIALS_DIR}/[0-9a-f-]{36}\\.part$`))]);
    expect(isMediaKey(writing[0])).toBe(false);
    expect(await storage.stat('reviews/whole.mp4')).toBeNull();
    body.push(null);
    expect(await stored).toEqual({ bytes: 1000 });
    expect(filesUnder(join(dir, 'media'))).toEqual(['reviews/whole.mp4']);
  });

  it("lists a folder's complete objects with their write time, never partial writes", async () => {
    for (const key of ['reviews/a.mp4', 'reviews/2026/b.jpg', 'profile-photos/c.png']) {
      await storage.put(key, Readable.from(['x']), 'image/png');
    }
    mkdirSync(join(dir, 'media', PARTIALS_DIR), { recursive: true });
    writeFileSync(join(dir, 'media', PARTIALS_DIR, 'd.part'), 'x');
    writeFileSync(join(dir, 'media', 'reviews', '.0b5c6f43-0c1e-4c5e-8d0e-3c8e9d7a1b2c.part'), 'x');
    const written = new Date(Date.UTC(2026, 0, 1));
    utimesSync(join(dir, 'media', 'reviews', 'a.mp4'), written, written);
    const listed = [];
    for await (const object of storage.list('reviews')) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual(['reviews/2026/b.jpg', 'reviews/a.mp4']);
    expect(listed.find((o) => o.key === 'reviews/a.mp4')?.modifiedAt.getTime()).toBe(written.getTime());
    for await (const object of storage.list('nothing-here')) throw new Error(`listed ${object.key}`);
  });

  it('removes partial writes idle since before the cutoff, old-style ones too, and keeps those in progress', async () => {
    const partials = join(dir, 'media', PARTIALS_DIR);
    mkdirSync(partials, { recursive: true });
    mkdirSync(join(dir, 'media', 'reviews'), { recursive: true });
    const idle = new Date(Date.now() - 20 * 60 * 1000);
    const legacy = 'reviews/.0b5c6f43-0c1e-4c5e-8d0e-3c8e9d7a1b2c.part';
    for (const name of [`${PARTIALS_DIR}/crashed.part`, `${PARTIALS_DIR}/writing.part`, legacy]) {
      writeFileSync(join(dir, 'media', name), 'x');
    }
    utimesSync(join(partials, 'crashed.part'), idle, idle);
    utimesSync(join(dir, 'media', legacy), idle, idle);
    expect(await storage.removePartials(new Date(Date.now() - 15 * 60 * 1000))).toBe(2);
    expect(filesUnder(join(dir, 'media'))).toEqual([`${PARTIALS_DIR}/writing.part`]);
    expect(await new LocalMediaStorage(join(dir, 'absent')).removePartials(new Date())).toBe(0);
  });
});

describe('MediaUrls', () => {
  const key = 'reviews/a.mp4';
  const now = Date.UTC(2026, 0, 1, 12, 10);
  const at = (seconds: number) => Math.floor(now / 1000) + seconds;
  let urls: MediaUrls;
  beforeEach(() => {
    urls = new MediaUrls(new LocalMediaStorage(join(dir, 'media')), loadConfig({ DATA_DIR: dir }));
  });
  const partsOf = (url: string) => {
    const parsed = new URL(url, 'http://x');
    return [parsed.searchParams.get('expires')!, parsed.searchParams.get('signature')!] as const;
  };

  it('signs a key until a time, and the link stops working when expired or tampered with', () => {
    const url = urls.signed(key, at(100));
    expect(url).toMatch(/^\/media\/reviews\/a\.mp4\?expires=\d+&signature=[\w-]{43}$/);
    const [expires, signature] = partsOf(url);
    expect(urls.remaining(key, expires, signature, now)).toBe(100);
    expect(urls.remaining(key, expires, signature, now + 100_000)).toBeNull();
    expect(urls.remaining('reviews/b.mp4', expires, signature, now)).toBeNull();
    expect(urls.remaining(key, String(at(100_000)), signature, now)).toBeNull();
    expect(urls.remaining(key, expires, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, now)).toBe(
      null,
    );
    expect(urls.remaining(key, expires, '', now)).toBeNull();
    expect(urls.remaining(key, '1e12', signature, now)).toBeNull();
    // Another installation's secrets sign differently.
    const other = new MediaUrls(new LocalMediaStorage(dir), loadConfig({ DATA_DIR: join(dir, 'other') }));
    expect(other.remaining(key, expires, signature, now)).toBeNull();
  });

  it('gives the dashboard links valid 30 to 60 minutes, the same one all through a half hour', () => {
    const first = urls.forDashboard(key, now);
    expect(urls.forDashboard(key, now + 19 * 60 * 1000)).toBe(first);
    expect(urls.forDashboard(key, now + 21 * 60 * 1000)).not.toBe(first);
    const [expires, signature] = partsOf(first);
    expect(urls.remaining(key, expires, signature, now)).toBe(50 * 60);
    const [later, laterSignature] = partsOf(urls.forDashboard(key, now + 19 * 60 * 1000));
    expect(urls.remaining(key, later, laterSignature, now + 19 * 60 * 1000)).toBe(31 * 60);
  });

  it("signs a dashboard link once per period, and a key's link again in the next one", () => {
    const signed = jest.spyOn(urls, 'signed');
    const first = urls.forDashboard(key, now);
    expect(urls.forDashboard(key, now + 60_000)).toBe(first);
    expect(urls.forDashboard('reviews/b.mp4', now)).not.toBe(first);
    expect(signed).toHaveBeenCalledTimes(2);
    const next = urls.forDashboard(key, now + 21 * 60 * 1000);
    expect(next).not.toBe(first);
    expect(signed).toHaveBeenCalledTimes(3);
    const [expires, signature] = partsOf(next);
    expect(urls.remaining(key, expires, signature, now + 21 * 60 * 1000)).toBeGreaterThan(30 * 60);
  });
});

describe('media over HTTP', () => {
  @Controller('upload')
  class UploadController {
    constructor(private readonly media: MediaService) {}

    @Post()
    async upload(@Req() req: FastifyRequest, @Query('kinds') kinds = 'image', @Query('max') max = '5242880') {
      const file = await req.file();
      return this.media.storeUpload(file!, {
        prefix: 'uploads',
        maxBytes: Number(max),
        kinds: kinds.split(',') as Array<'image' | 'video'>,
      });
    }
  }

  @Module({ imports: [MediaModule], controllers: [UploadController] })
  class UploadModule {}

  @Module({})
  class TestRootModule {
    static forRoot(config: AppConfig): DynamicModule {
      return {
        module: TestRootModule,
        imports: [ConfigModule.forRoot(config), DatabaseModule, JobsModule, UploadModule],
      };
    }
  }

  const PLUGIN_FILE_LIMIT = 2 * 1024 * 1024;
  let testEnv: TestEnv;
  let app: NestFastifyApplication;
  let config: AppConfig;
  let mediaDir: string;

  // Serving asks the database whether a file is published.
  beforeAll(async () => {
    testEnv = await createTestEnv();
    config = loadConfig(testEnv.env, ROOT_DIR);
    mediaDir = config.uploads.mediaDir;
  });
  afterAll(() => testEnv.cleanup());

  beforeEach(async () => {
    app = await NestFactory.create<NestFastifyApplication>(TestRootModule.forRoot(config), new FastifyAdapter(), {
      logger: false,
    });
    app.useGlobalFilters(new AllExceptionsFilter());
    registerSecurityHeaders(app.getHttpAdapter().getInstance());
    await app.register(multipart, { limits: { fileSize: PLUGIN_FILE_LIMIT, files: 3 } });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterEach(async () => {
    await app.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const http = () => request(app.getHttpServer());
  const upload = (body: Buffer, query = '') =>
    http().post(`/upload${query}`).attach('file', body, { filename: 'photo.jpg', contentType: 'image/jpeg' });

  it('stores an upload by its sniffed type and serves it through a signed link, ranges included', async () => {
    const body = png(2000);
    const res = await upload(body).expect(201);
    expect(res.body).toEqual({
      key: expect.stringMatching(/^uploads\/[0-9a-f-]{36}\.png$/),
      url: `/media/${res.body.key}`,
      mime: 'image/png',
      bytes: 2000,
    });
    expect(filesUnder(mediaDir)).toEqual([res.body.key]);
    // No review or user row names it: nothing serves it publicly.
    await http().get(res.body.url).expect(404);

    const url = app.get(MediaUrls).forDashboard(res.body.key);
    const whole = await http().get(url).buffer(true).expect(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': '2000',
      'accept-ranges': 'bytes',
      'cache-control': expect.stringMatching(/^private, max-age=\d+$/),
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    });
    expect(Buffer.compare(whole.body as Buffer, body)).toBe(0);

    const head = await http().head(url).expect(200);
    expect(head.headers['content-length']).toBe('2000');

    const part = await http().get(url).set('Range', 'bytes=0-7').buffer(true).expect(206);
    expect(part.headers['content-range']).toBe('bytes 0-7/2000');
    expect(part.headers['content-length']).toBe('8');
    expect(Buffer.compare(part.body as Buffer, PNG_HEAD.subarray(0, 8))).toBe(0);

    const tail = await http().get(url).set('Range', 'bytes=-10').buffer(true).expect(206);
    expect(tail.headers['content-range']).toBe('bytes 1990-1999/2000');

    const beyond = await http().get(url).set('Range', 'bytes=5000-').expect(416);
    expect(beyond.headers['content-range']).toBe('bytes */2000');
    expect(beyond.body).toEqual({ detail: 'Requested range not satisfiable.', code: 'range_not_satisfiable' });
  });

  it('answers 404 JSON for unknown keys and keys outside the media directory', async () => {
    for (const path of ['/media/uploads/missing.png', '/media/%2e%2e/secrets.json', '/media/..%2fsecrets.json']) {
      const res = await http().get(path).expect(404);
      expect(res.body).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('refuses a file whose bytes are not an allowed type, whatever its name, and stores nothing', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>'.repeat(2000));
    const res = await upload(html).expect(415);
    expect(res.body).toEqual({
      detail: 'Unsupported file type. Upload a JPEG, PNG, WebP or GIF image.',
      code: 'unsupported_media_type',
    });
    const video = await upload(png(100), '?kinds=video').expect(415);
    expect(video.body.detail).toBe('Unsupported file type. Upload an MP4, WebM or QuickTime video.');
    expect(filesUnder(config.dataDir).filter((f) => f.startsWith('media'))).toEqual([]);
  });

  it('refuses a file over the limit mid-stream, stores nothing and keeps serving', async () => {
    const res = await upload(png(40_000), '?max=10240').expect(413);
    expect(res.body).toEqual({ detail: 'File too large. The limit is 10 KB.', code: 'payload_too_large' });
    const mb = await upload(png(40_000), `?max=${5 * 1024 * 1024 - 1}`).expect(201);
    expect(filesUnder(mediaDir)).toEqual([mb.body.key]);
    await upload(png(PLUGIN_FILE_LIMIT + 1), `?max=${PLUGIN_FILE_LIMIT}`).expect(413);
    expect(filesUnder(mediaDir)).toEqual([mb.body.key]);
    await upload(png(1000)).expect(201);
  });

  it('drains a rejected upload, so the same keep-alive connection serves the next request', async () => {
    await app.listen(0, '127.0.0.1');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const send = (method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { port } = app.getHttpServer().address() as AddressInfo;
        const req = httpRequest({ host: '127.0.0.1', port, agent, method, path, headers });
        req.on('socket', (socket) => sockets.add(socket));
        req.on('response', (res) => void text(res).then((body) => resolve({ status: res.statusCode!, body })));
        req.on('error', reject);
        req.end(body);
      });
    const boundary = 'x-boundary-x';
    const form = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n`),
      Buffer.from('Content-Type: image/jpeg\r\n\r\n'),
      png(PLUGIN_FILE_LIMIT - 1024),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    expect((await send('POST', '/upload?max=1024', form, multipartHeaders)).status).toBe(413);
    expect((await send('GET', '/media/uploads/missing.png')).status).toBe(404);
    expect(sockets.size).toBe(1);
    agent.destroy();
  });

  it('drains a large rejected upload so the client gets the answer', async () => {
    const big = Buffer.concat([Buffer.from('not an image'), Buffer.alloc(3 * 1024 * 1024)]);
    const res = await upload(big).expect(415);
    expect(res.body.code).toBe('unsupported_media_type');
    const tooBig = await upload(png(PLUGIN_FILE_LIMIT + 3 * 1024 * 1024), '?max=1048576').expect(413);
    expect(tooBig.body.detail).toBe('File too large. The limit is 1 MB.');
    expect(filesUnder(config.dataDir).filter((f) => f.startsWith('media'))).toEqual([]);
  });
});
