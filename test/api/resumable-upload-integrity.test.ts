import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { createApp } from '../../server/app.js';
import { reviews, uploadLocks } from '../../server/database/schema.js';
import { MEDIA_STORAGE, type MediaStorage } from '../../server/media/media-storage.js';
import { PUBLIC_URL, registerOwner, type Agent } from '../support/accounts.js';
import { openSocket, portOf } from '../support/raw-http.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

// A video a shopper cannot change once its merchant approved it: one request at a time writes a resumable upload (a
// lock in the database, which every instance shares), the review's file is a copy checked against what the upload
// held when its last byte arrived, and a body that goes silent is cut and lets go of the upload. With
// MEDIA_PROCESSING=false, where the review publishes the very bytes that were uploaded. On local disk and on a real
// S3-protocol server.

const IDLE_S = 2;
const TUS = { 'Tus-Resumable': '1.0.0' };
const dir = mkdtempSync(join(tmpdir(), 'resumable-integrity-'));

function makeVideo(): Buffer {
  const file = join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '2M', '-pix_fmt', 'yuv420p', file],
  ]);
  return readFileSync(file);
}

const video = makeVideo();
/** The same size, other bytes past the first 64 KB: what a shopper would swap in after the approval. */
const altered = Buffer.concat([video.subarray(0, 64 * 1024), Buffer.alloc(video.length - 64 * 1024, 0x5a)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const drivers: Record<string, () => Promise<{ env: Record<string, string>; close(): Promise<void> }>> = {
  'local disk': async () => ({ env: {}, close: async () => undefined }),
  'an S3 bucket (s3rver)': async () => {
    const server: S3TestServer = await startS3Server();
    return { env: server.env, close: () => server.close() };
  },
};

describe.each(Object.keys(drivers))('a resumable upload on %s', (driver) => {
  let t: TestApp;
  let http: ReturnType<typeof request>;
  let close: () => Promise<void>;
  let storage: MediaStorage;
  let owner: { agent: Agent; storeId: string; merchantId: string };
  let address = 0;

  beforeAll(async () => {
    const backing = await drivers[driver]();
    close = backing.close;
    t = await startTestApp({
      env: {
        PUBLIC_URL,
        TRUST_PROXY: 'true',
        MAX_VIDEO_MB: '2',
        MEDIA_PROCESSING: 'false',
        UPLOAD_IDLE_TIMEOUT_S: String(IDLE_S),
        ...backing.env,
      },
    });
    http = request(t.app.getHttpServer());
    storage = t.app.get<MediaStorage>(MEDIA_STORAGE);
    owner = await registerOwner(t);
  });
  afterAll(async () => {
    await t?.close();
    await close?.();
  });

  const shopper = () => `198.51.100.${(address += 1)}`;
  const idOf = (location: string) => location.split('/').filter(Boolean).pop()!;

  async function start(length = video.length): Promise<string> {
    const res = await http
      .post('/api/reviews/uploads/')
      .set(TUS)
      .set('X-Forwarded-For', shopper())
      .set('Upload-Length', String(length))
      .set('Upload-Metadata', `merchant_id ${Buffer.from(owner.storeId).toString('base64')}`)
      .expect(201);
    return res.headers.location;
  }
  function patch(location: string, offset: number, bytes: Buffer, via = http) {
    return via
      .patch(location)
      .set(TUS)
      .set('Upload-Offset', String(offset))
      .set('Content-Type', 'application/offset+octet-stream')
      .send(bytes);
  }
  const offsetOf = async (location: string) =>
    Number((await http.head(location).set(TUS).expect(200)).headers['upload-offset']);
  const lockOf = async (location: string) =>
    (
      await databaseOf(t)
        .select()
        .from(uploadLocks)
        .where(eq(uploadLocks.uploadId, idOf(location)))
    )[0];

  /**
   * A PATCH on a connection of its own, for the whole rest of the file, that sends what the test says when it says
   * so: a slow phone holding its request open. `trickle` keeps it alive meanwhile, a byte at a time.
   */
  async function openPatch(location: string, offset: number, port?: number) {
    const socket = await openSocket(port ?? (await portOf(t)));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: ${offset}\r\n` +
        `Content-Type: application/offset+octet-stream\r\nContent-Length: ${video.length - offset}\r\n\r\n`,
    );
    let sent = offset;
    let trickling: NodeJS.Timeout | undefined;
    const answered = () => socket.received().includes('\r\n\r\n');
    /** Sends the bytes of `source` up to `end`, unless it was answered or closed already. */
    const sendUpTo = (end: number, source = video) => {
      clearInterval(trickling);
      if (answered() || socket.destroyed || end <= sent) return;
      socket.write(source.subarray(sent, end));
      sent = end;
    };
    return {
      socket,
      closed,
      sendUpTo,
      trickle: () => {
        trickling = setInterval(() => {
          if (answered() || socket.destroyed || sent >= video.length - 1) return clearInterval(trickling);
          socket.write(video.subarray(sent, sent + 1));
          sent += 1;
        }, 400);
      },
      /** The status line of its answer, once one came (or the connection closed). */
      answer: async () => {
        await until(async () => answered() || socket.destroyed, Boolean);
        return socket.received().split('\r\n')[0];
      },
      end: () => {
        clearInterval(trickling);
        socket.destroy();
      },
    };
  }

  function submit(uploadId: string) {
    return http
      .post('/api/reviews/upload/')
      .set('X-Forwarded-For', shopper())
      .field('merchant_id', owner.storeId)
      .field('product_id', 'sku-integrity')
      .field('customer_name', 'Marta')
      .field('rating', '5')
      .field('upload_id', uploadId);
  }
  const videoKeyOf = async (reviewId: string) =>
    (await databaseOf(t).select().from(reviews).where(eq(reviews.id, reviewId)))[0].videoKey!;
  const served = async (key: string) =>
    (
      await http
        .get(`/media/${key}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200)
    ).body as Buffer;
  const reviewCount = async () =>
    (await databaseOf(t).select().from(reviews).where(eq(reviews.merchantId, owner.merchantId))).length;

  /**
   * Opens a PATCH at offset 0 that sends fewer bytes than the type check reads (so nothing of it is stored yet) and
   * keeps itself alive, and gives the server a moment to take it up before the test goes on.
   */
  async function holdFirst(location: string) {
    const first = await openPatch(location, 0);
    first.sendUpTo(16);
    first.trickle();
    await until(() => lockOf(location), Boolean, 2_000);
    return first;
  }

  it('takes one PATCH at a time: a second at the same offset is refused (423) while the first runs', async () => {
    const location = await start();
    const first = await holdFirst(location);

    const second = await patch(location, 0, video);
    expect(second.status).toBe(423);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.body).toEqual({ detail: expect.stringContaining('Another request'), code: 'upload_locked' });
    expect(second.headers['access-control-allow-origin']).toBe('*');
    // The lock is in the database, where every instance looks.
    expect(await lockOf(location)).toBeDefined();

    first.sendUpTo(video.length);
    expect(await first.answer()).toBe('HTTP/1.1 204 No Content');
    first.end();
    expect(await offsetOf(location)).toBe(video.length);
    // Released with its answer.
    expect(await lockOf(location)).toBeUndefined();
    expect((await patch(location, 0, video).expect(409)).body.code).toBe('offset_mismatch');
  });

  it("keeps an approved review's file as it was, whatever a PATCH opened before sends afterwards", async () => {
    const location = await start();
    const first = await holdFirst(location);
    // A second PATCH of the whole file at the same offset: refused while the first runs, which then completes it.
    const second = await patch(location, 0, video);
    if (second.status !== 204) {
      first.sendUpTo(video.length);
      expect(await first.answer()).toBe('HTTP/1.1 204 No Content');
    }

    const created = await submit(idOf(location)).expect(201);
    await owner.agent.post(`/api/reviews/${created.body.id}/approve/`).expect(200);
    const key = await videoKeyOf(created.body.id);
    const before = sha256(await served(key));
    expect(before).toBe(sha256(video));

    // The shopper sends other bytes: on the first connection, were it still open, and on a new PATCH.
    first.sendUpTo(video.length, altered);
    await first.answer();
    first.end();
    const again = await patch(location, 0, altered);
    expect([404, 409, 423]).toContain(again.status);
    expect(sha256(await served(key))).toBe(before);
  });

  it('is cut when its body sends nothing for UPLOAD_IDLE_TIMEOUT_S: what arrived is kept and the upload is free', async () => {
    const location = await start();
    const stalled = await openPatch(location, 0);
    stalled.sendUpTo(100_000);
    await stalled.closed;
    expect(stalled.socket.received()).toMatch(/^HTTP\/1\.1 408 [\s\S]*"code":"upload_idle"/);

    expect(
      await until(
        () => offsetOf(location),
        (offset) => offset === 100_000,
      ),
    ).toBe(100_000);
    expect(
      await until(
        () => lockOf(location),
        (lock) => lock === undefined,
      ),
    ).toBeUndefined();
    const rest = await patch(location, 100_000, video.subarray(100_000)).expect(204);
    expect(Number(rest.headers['upload-offset'])).toBe(video.length);
  }, 20_000);

  it('cuts a review upload whose multipart body goes silent, keeping nothing of it', async () => {
    const before = await reviewCount();
    const boundary = 'StalledBoundary';
    const socket = await openSocket(await portOf(t));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const head = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="merchant_id"',
      '',
      owner.storeId,
      `--${boundary}`,
      'Content-Disposition: form-data; name="video"; filename="clip.mp4"',
      'Content-Type: video/mp4',
      '',
      '',
    ].join('\r\n');
    socket.write(
      `POST /api/reviews/upload/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${shopper()}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + video.length + 64}\r\n\r\n`,
    );
    socket.write(head);
    socket.write(video.subarray(0, 200_000));
    await closed;
    expect(socket.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(await reviewCount()).toBe(before);
    // Nothing of it stays stored: every file under reviews/ belongs to a review.
    const keys: string[] = [];
    for await (const object of storage.list('reviews')) keys.push(object.key);
    const named = (await databaseOf(t).select({ key: reviews.videoKey }).from(reviews)).map((row) => row.key);
    expect(keys.filter((key) => !named.includes(key))).toEqual([]);
  }, 20_000);

  it('waits for a lease someone holds, and takes over one whose holder crashed', async () => {
    const location = await start();
    const db = databaseOf(t);
    await db.insert(uploadLocks).values({
      uploadId: idOf(location),
      holder: '6d7f3a58-3c1d-4d2e-9a6b-6a1f4c9e2b10',
      expiresAt: sql`now() + interval '1 hour'`,
    });
    expect((await patch(location, 0, video).expect(423)).body.code).toBe('upload_locked');
    // Its holder died: its lease ran out.
    await db
      .update(uploadLocks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(uploadLocks.uploadId, idOf(location)));
    await patch(location, 0, video).expect(204);
    expect(await lockOf(location)).toBeUndefined();
  });

  it('stops a PATCH whose lease was lost (lapsed and taken over): it may not write beside the new holder', async () => {
    const location = await start();
    const first = await holdFirst(location);
    first.sendUpTo(64 * 1024);
    first.trickle();
    // As if its lease had lapsed and another request had taken the upload: the holder finds out at its next renewal.
    await databaseOf(t)
      .delete(uploadLocks)
      .where(eq(uploadLocks.uploadId, idOf(location)));
    await first.closed;
    first.end();
    // The client resumes where the upload stands (asking again while what the cut request held is still stored).
    const resumed = await until(
      async () => {
        const at = await offsetOf(location);
        return (await patch(location, at, video.subarray(at))).status;
      },
      (status) => status === 204,
    );
    expect(resumed).toBe(204);
  }, 30_000);

  it('refuses a review of an upload whose bytes changed after its last byte arrived (409)', async () => {
    const location = await start();
    await patch(location, 0, video).expect(204);
    // Changed behind the server's back, as a writer that escaped the lock would.
    await storage.appendUpload(idOf(location), 0, Readable.from([altered]));
    const before = await reviewCount();
    const refused = await submit(idOf(location)).expect(409);
    expect(refused.body).toEqual({ detail: expect.stringContaining('changed'), code: 'upload_changed' });
    expect(await reviewCount()).toBe(before);
    await http.head(location).set(TUS).expect(404);
  });

  (driver === 'local disk' ? it : it.skip)(
    "gives the review a file of its own, which a writer still holding the upload's file cannot reach",
    async () => {
      const location = await start();
      await patch(location, 0, video).expect(204);
      const writer = await open(join(t.config.uploads.mediaDir, '.uploads', idOf(location), 'data'), 'r+');
      try {
        const created = await submit(idOf(location)).expect(201);
        await owner.agent.post(`/api/reviews/${created.body.id}/approve/`).expect(200);
        await writer.write(altered, 0, altered.length, 0);
        expect(sha256(await served(await videoKeyOf(created.body.id)))).toBe(sha256(video));
      } finally {
        await writer.close();
      }
    },
  );

  describe('behind a load balancer', () => {
    // PGlite is one process's database: instances share only PostgreSQL.
    const shared = process.env.DATABASE_URL ? it : it.skip;
    let other: NestFastifyApplication | undefined;
    afterAll(() => other?.close());

    shared('refuses a PATCH on one instance while another instance writes the upload', async () => {
      other = await createApp(t.config);
      await other.getHttpAdapter().getInstance().ready();
      const location = await start();
      const first = await holdFirst(location);

      const elsewhere = await patch(location, 0, video, request(other.getHttpServer())).expect(423);
      expect(elsewhere.body.code).toBe('upload_locked');
      first.sendUpTo(video.length);
      expect(await first.answer()).toBe('HTTP/1.1 204 No Content');
      first.end();
      // Free again for any instance: the review is made on the other one.
      await request(other.getHttpServer())
        .post('/api/reviews/upload/')
        .set('X-Forwarded-For', shopper())
        .field('merchant_id', owner.storeId)
        .field('product_id', 'sku-integrity')
        .field('rating', '4')
        .field('upload_id', idOf(location))
        .expect(201);
    });
  });
});
