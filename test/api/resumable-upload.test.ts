import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { media, reviews } from '../../server/database/schema.js';
import { MEDIA_STORAGE, type MediaStorage } from '../../server/media/media-storage.js';
import { MediaSweepService } from '../../server/media/media-sweep.service.js';
import { ResumableUploadService, UPLOAD_TTL_MS } from '../../server/media/resumable-upload.service.js';
import type { TResumableUpload, TReview } from '../../shared/reviews.js';
import { fixture } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner, type Agent } from '../support/accounts.js';
import { openSocket, portOf } from '../support/raw-http.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

// Resumable review videos (tus 1.0.0): started, sent in chunks, resumed after a dropped connection, then named by the
// review's POST; checked by type and size, expired and swept, usable by one store only. On local disk and on a real
// S3-protocol server.

const MAX_VIDEO_MB = 2;
const CHUNK = 256 * 1024;
const TUS = { 'Tus-Resumable': '1.0.0' };
const dir = mkdtempSync(join(tmpdir(), 'resumable-upload-'));

/** A real video of about 1.4 MB (3 s of a test pattern at 4 Mbit/s), so it spans several chunks and decodes. */
function makeVideo(): Buffer {
  const file = join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '4M', '-maxrate', '4M', '-bufsize', '2M'],
    ...['-pix_fmt', 'yuv420p', file],
  ]);
  return readFileSync(file);
}

const video = makeVideo();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const drivers: Record<string, () => Promise<{ env: Record<string, string>; close(): Promise<void> }>> = {
  'local disk': async () => ({ env: {}, close: async () => undefined }),
  'an S3 bucket (s3rver)': async () => {
    const server: S3TestServer = await startS3Server();
    return { env: server.env, close: () => server.close() };
  },
};

describe.each(Object.keys(drivers))('resumable review videos on %s', (driver) => {
  let t: TestApp;
  let http: ReturnType<typeof request>;
  let close: () => Promise<void>;
  let storage: MediaStorage;
  let owner: { agent: Agent; storeId: string; merchantId: string };
  let other: { agent: Agent; storeId: string; merchantId: string };
  let address = 0;

  beforeAll(async () => {
    const backing = await drivers[driver]();
    close = backing.close;
    t = await startTestApp({
      env: {
        PUBLIC_URL,
        TRUST_PROXY: 'true',
        MAX_VIDEO_MB: String(MAX_VIDEO_MB),
        MEDIA_PROCESSING: 'true',
        ...backing.env,
      },
    });
    http = request(t.app.getHttpServer());
    storage = t.app.get<MediaStorage>(MEDIA_STORAGE);
    owner = await registerOwner(t);
    other = await registerOwner(t);
  });
  afterAll(async () => {
    await t?.close();
    await close?.();
  });

  /** A shopper on a storefront: another origin, an address of its own. */
  const shopper = () => `198.51.100.${(address += 1)}`;
  const metadata = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');

  function start(
    length: number,
    values: Record<string, string> = { merchant_id: owner.storeId, filetype: 'video/mp4' },
  ) {
    return http
      .post('/api/reviews/uploads/')
      .set(TUS)
      .set('Origin', 'https://shop.example')
      .set('X-Forwarded-For', shopper())
      .set('Upload-Length', String(length))
      .set('Upload-Metadata', metadata(values));
  }
  function patch(location: string, offset: number, bytes: Buffer) {
    return http
      .patch(location)
      .set(TUS)
      .set('Origin', 'https://shop.example')
      .set('Upload-Offset', String(offset))
      .set('Content-Type', 'application/offset+octet-stream')
      .send(bytes);
  }
  const head = (location: string) => http.head(location).set(TUS);
  const offsetOf = async (location: string) => Number((await head(location).expect(200)).headers['upload-offset']);

  /** Sends `bytes` from `offset` in chunks, each answered with the new offset. */
  async function sendFrom(location: string, offset: number, bytes: Buffer): Promise<void> {
    for (let at = offset; at < bytes.length; at += CHUNK) {
      const res = await patch(location, at, bytes.subarray(at, at + CHUNK)).expect(204);
      expect(Number(res.headers['upload-offset'])).toBe(Math.min(at + CHUNK, bytes.length));
    }
  }

  /** The review's POST naming the upload, as the widget sends it once the file is in. */
  function submit(storeId: string, uploadId: string, extra: Record<string, string> = {}) {
    let req = http.post('/api/reviews/upload/').set('Origin', 'https://shop.example').set('X-Forwarded-For', shopper());
    const fields = {
      merchant_id: storeId,
      product_id: 'sku-resumable',
      product_name: 'Linen Shirt',
      customer_name: 'Marta',
      customer_email: 'marta@example.com',
      rating: '5',
      comment: 'Filmed on the train',
      upload_id: uploadId,
      ...extra,
    };
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    return req.attach('thumbnail', fixture('thumbnail.jpg'), 'thumbnail.jpg');
  }

  const idOf = (location: string) => location.split('/').filter(Boolean).pop()!;
  const reviewCount = async (merchantId: string) =>
    (await databaseOf(t).select().from(reviews).where(eq(reviews.merchantId, merchantId))).length;

  it('takes a video in chunks, resumes after a dropped connection, and the review is created and processed', async () => {
    // Discovery and the CORS preflight.
    const options = await http.options('/api/reviews/uploads/').set('Origin', 'https://shop.example').expect(204);
    expect(options.headers).toMatchObject({
      'tus-version': '1.0.0',
      'tus-extension': 'creation,expiration,termination',
      'tus-max-size': String(MAX_VIDEO_MB * 1024 * 1024),
      'access-control-allow-origin': '*',
    });
    expect(options.headers['access-control-allow-methods']).toContain('PATCH');
    expect(options.headers['access-control-allow-headers']).toContain('Upload-Offset');

    const started = await start(video.length).expect(201);
    const location = started.headers.location;
    expect(location).toMatch(/^\/api\/reviews\/uploads\/[0-9a-f-]{36}\/$/);
    expect(started.headers).toMatchObject({
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'access-control-allow-origin': '*',
    });
    expect(started.headers['access-control-expose-headers']).toMatch(/Location.*Upload-Offset/);
    const expires = Date.parse(started.headers['upload-expires']);
    expect(expires).toBeGreaterThan(Date.now() + UPLOAD_TTL_MS - 60_000);
    expect(started.body).toEqual({
      id: idOf(location),
      offset: 0,
      length: video.length,
      expires_at: expect.any(String),
    });

    await sendFrom(location, 0, video.subarray(0, CHUNK));

    // The connection drops 100 KB into the second chunk: the bytes that arrived are kept.
    const port = await portOf(t);
    const socket = await openSocket(port);
    socket.on('error', () => undefined);
    socket.write(
      `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: ${CHUNK}\r\n` +
        `Content-Type: application/offset+octet-stream\r\nContent-Length: ${CHUNK}\r\n\r\n`,
    );
    socket.write(video.subarray(CHUNK, CHUNK + 100_000));
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();

    // HEAD says where to resume (once the server has noticed the drop and stored what it had).
    let offset = 0;
    for (let tries = 0; tries < 50 && offset !== CHUNK + 100_000; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      offset = await offsetOf(location);
    }
    expect(offset).toBe(CHUNK + 100_000);
    const status = await head(location).expect(200);
    expect(status.headers).toMatchObject({ 'upload-length': String(video.length), 'cache-control': 'no-store' });
    expect(status.text ?? '').toBe('');

    // A chunk sent from the wrong place is refused: the client asks again.
    const wrong = await patch(location, CHUNK, video.subarray(CHUNK, CHUNK * 2)).expect(409);
    expect(wrong.body).toMatchObject({ code: 'offset_mismatch', detail: expect.stringContaining(String(offset)) });
    expect(wrong.headers['access-control-allow-origin']).toBe('*');

    await sendFrom(location, offset, video);
    const complete = (await http.get(location).expect(200)).body as TResumableUpload;
    expect(complete).toMatchObject({ offset: video.length, length: video.length });
    expect((await buffer(storage.readUpload(idOf(location), 0, video.length))).equals(video)).toBe(true);
    // Nothing of an upload is served as media, whatever the path.
    for (const path of ['data', 'info.json', `000000000000000-${String(CHUNK).padStart(15, '0')}`]) {
      await http.get(`/media/.uploads/${idOf(location)}/${path}`).expect(404);
    }

    const created = await submit(owner.storeId, idOf(location)).expect(201);
    expect(created.body).toEqual({ id: expect.any(String), status: 'pending' });
    // Used: gone.
    await head(location).expect(404);
    await submit(owner.storeId, idOf(location)).expect(400);

    const until = Date.now() + 45_000;
    let review: TReview;
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      review = (await owner.agent.get(`/api/reviews/${created.body.id}/`).expect(200)).body as TReview;
    } while (review.media_state === 'processing' && Date.now() < until);
    expect(review).toMatchObject({
      media_state: 'ready',
      comment: 'Filmed on the train',
      customer: { name: 'Marta', email: 'marta@example.com' },
      source: 'widget',
    });
    const [row] = await databaseOf(t).select().from(reviews).where(eq(reviews.id, created.body.id));
    const [file] = await databaseOf(t).select().from(media).where(eq(media.key, row.videoKey!));
    // The whole 3 s arrived, and re-encoded.
    expect(file).toMatchObject({ mime: 'video/mp4' });
    expect(file.durationMs).toBeGreaterThanOrEqual(2900);
  });

  it('refuses a file over MAX_VIDEO_MB before any byte, and a chunk past the declared length', async () => {
    const tooLarge = await start(MAX_VIDEO_MB * 1024 * 1024 + 1).expect(413);
    expect(tooLarge.body).toEqual({
      detail: `File too large. The limit is ${MAX_VIDEO_MB} MB.`,
      code: 'payload_too_large',
    });
    expect(tooLarge.headers['access-control-allow-origin']).toBe('*');

    const location = (await start(1000).expect(201)).headers.location;
    const past = await patch(location, 0, video.subarray(0, 1001)).expect(413);
    expect(past.body.code).toBe('payload_too_large');
    expect(await offsetOf(location)).toBe(0);
  });

  it('refuses what is not a video, by what it says and by its first bytes, and keeps nothing of it', async () => {
    const said = await start(1000, { merchant_id: owner.storeId, filetype: 'image/jpeg' }).expect(415);
    expect(said.body).toEqual({
      detail: 'Unsupported file type. Upload an MP4, WebM or QuickTime video.',
      code: 'unsupported_media_type',
    });
    for (const name of ['photo.jpg', 'not-a-video.mp4', 'text.mp4']) {
      const bytes = fixture(name);
      const location = (await start(bytes.length, { merchant_id: owner.storeId }).expect(201)).headers.location;
      const refused = await patch(location, 0, bytes).expect(415);
      expect(refused.body.code).toBe('unsupported_media_type');
      await head(location).expect(404);
    }
    for await (const upload of storage.listUploads()) {
      expect(await storage.uploadOffset(upload.id)).toBeLessThan(64);
    }
  });

  it('answers tus errors in the API shape: version, headers, unknown ids, chunk type', async () => {
    const noVersion = await http
      .post('/api/reviews/uploads/')
      .set('X-Forwarded-For', shopper())
      .set('Upload-Length', '10')
      .expect(412);
    expect(noVersion.body.code).toBe('tus_version');
    expect(noVersion.headers['tus-version']).toBe('1.0.0');
    const noStore = await start(10, {}).expect(400);
    expect(noStore.body.fields).toEqual({ merchant_id: ['This field is required.'] });
    const unknownStore = await start(10, { merchant_id: 'no-such-store' }).expect(400);
    expect(unknownStore.body.fields).toEqual({ merchant_id: ['No store with this id.'] });
    const badMetadata = await start(10).set('Upload-Metadata', 'merchant_id !!!').expect(400);
    expect(badMetadata.body.code).toBe('invalid_header');
    const noLength = await http
      .post('/api/reviews/uploads/')
      .set(TUS)
      .set('X-Forwarded-For', shopper())
      .set('Upload-Metadata', metadata({ merchant_id: owner.storeId }))
      .expect(400);
    expect(noLength.body.fields).toHaveProperty('Upload-Length');

    await head('/api/reviews/uploads/9a1d3c2e-6f3b-4f0e-9a55-1f7c3b2d4e5f/').expect(404);
    expect((await http.get('/api/reviews/uploads/not-an-id/').expect(404)).body.code).toBe('upload_not_found');
    const location = (await start(video.length).expect(201)).headers.location;
    const json = await http
      .patch(location)
      .set(TUS)
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/json')
      .send({ a: 1 })
      .expect(415);
    expect(json.body.code).toBe('unsupported_media_type');
    expect(json.headers['access-control-allow-origin']).toBe('*');
    const noOffset = await http
      .patch(location)
      .set(TUS)
      .set('Content-Type', 'application/offset+octet-stream')
      .send(video.subarray(0, 100))
      .expect(400);
    expect(noOffset.body.fields).toHaveProperty('Upload-Offset');

    // Termination: the shopper cancels.
    await patch(location, 0, video.subarray(0, CHUNK)).expect(204);
    await http.delete(location).set(TUS).expect(204);
    await head(location).expect(404);
    await http.delete(location).set(TUS).expect(404);
  });

  it('makes a review only of a complete upload of the same store, once', async () => {
    const location = (await start(video.length).expect(201)).headers.location;
    const id = idOf(location);
    await sendFrom(location, 0, video.subarray(0, CHUNK));
    const partial = await submit(owner.storeId, id).expect(400);
    expect(partial.body.fields).toEqual({
      upload_id: [`The upload is not complete: ${CHUNK} of ${video.length} bytes arrived.`],
    });
    await sendFrom(location, CHUNK, video);

    // Another store cannot use it, whether a shopper names it or its merchant signed in to the dashboard.
    const otherBefore = await reviewCount(other.merchantId);
    const foreign = await submit(other.storeId, id).expect(400);
    expect(foreign.body.fields).toEqual({ upload_id: ['No upload with this id for this store.'] });
    await other.agent
      .post('/api/reviews/upload/')
      .field('merchant_id', other.storeId)
      .field('product_id', 'sku-x')
      .field('rating', '4')
      .field('upload_id', id)
      .expect(400);
    expect(await reviewCount(other.merchantId)).toBe(otherBefore);
    await head(location).expect(200);

    // A review that fails its own checks leaves the upload for the next try.
    const invalid = await submit(owner.storeId, id, { rating: '9' }).expect(400);
    expect(invalid.body.fields).toHaveProperty('rating');
    const both = await submit(owner.storeId, id).attach('video', fixture('review.mp4'), 'clip.mp4').expect(400);
    expect(both.body.fields).toHaveProperty('upload_id');

    // Two submits at once (a double tap): one review.
    const before = await reviewCount(owner.merchantId);
    const answers = await Promise.all([submit(owner.storeId, id), submit(owner.storeId, id)]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, expect.any(Number)]);
    expect([400, 409]).toContain(answers.find((res) => res.status !== 201)?.status);
    expect(await reviewCount(owner.merchantId)).toBe(before + 1);
  });

  it('refuses an expired upload and the media sweep removes abandoned ones', async () => {
    const uploads = t.app.get(ResumableUploadService);
    const sweeper = t.app.get(MediaSweepService);
    // Whatever earlier tests left (refused, cancelled) is gone or young.
    await sweeper.sweep();

    const old = await uploads.create(owner.merchantId, video.length, new Date(Date.now() - UPLOAD_TTL_MS - 1000));
    const expired = await head(`/api/reviews/uploads/${old.id}/`).expect(410);
    expect(expired.headers['upload-offset']).toBeUndefined();
    expect((await patch(`/api/reviews/uploads/${old.id}/`, 0, video.subarray(0, 100)).expect(410)).body.code).toBe(
      'upload_expired',
    );
    expect((await submit(owner.storeId, old.id).expect(400)).body.fields).toEqual({
      upload_id: ['This upload expired: send the video again.'],
    });

    const location = (await start(video.length).expect(201)).headers.location;
    await sendFrom(location, 0, video.subarray(0, CHUNK));
    const swept = await sweeper.sweep();
    expect(swept.uploads).toBe(1);
    await http.get(`/api/reviews/uploads/${old.id}/`).expect(404);
    expect(await offsetOf(location)).toBe(CHUNK);

    // A day on, the shopper never came back.
    const later = await sweeper.sweep(new Date(Date.now() + UPLOAD_TTL_MS + 60_000));
    expect(later.uploads).toBeGreaterThanOrEqual(1);
    await head(location).expect(404);
    const left: string[] = [];
    for await (const upload of storage.listUploads()) left.push(upload.id);
    expect(left).toEqual([]);
  });
});
