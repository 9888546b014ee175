import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { TAuthResponse } from '../../shared/accounts.js';
import type { TReview } from '../../shared/reviews.js';
import { fixture } from '../factories/reviews.factory.js';
import { registerByApi, uploadByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

const MB = 1024 * 1024;
const HOUR = 60 * 60 * 1000;

async function until<T>(what: string, check: () => T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts a 50 MB video upload that trickles in (256 KB every 20 ms) until `stop()`: the server is writing it when
 * the test pulls the plug.
 */
function trickleUpload(url: string, storeId: string): { stop(): void } {
  const boundary = 'crash-test-boundary';
  const req = httpRequest(`${url}/api/reviews/upload/`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  req.on('error', () => undefined); // the server dies under it
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  req.write(field('merchant_id', storeId) + field('product_id', 'crash') + field('rating', '5'));
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\n`);
  req.write('Content-Type: video/mp4\r\n\r\n');
  req.write(fixture('review.mp4').subarray(0, 64));
  let sent = 64;
  const chunk = Buffer.alloc(256 * 1024, 7);
  const timer = setInterval(() => {
    if (sent + chunk.length > 50 * MB) return;
    req.write(chunk);
    sent += chunk.length;
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      req.destroy();
    },
  };
}

describe('kill -9 of the server mid-upload, then a restart on the same data', () => {
  let testEnv: TestEnv;
  let server: ServerProcess | undefined;
  let upload: { stop(): void } | undefined;
  beforeAll(async () => {
    testEnv = await createTestEnv({ LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    upload?.stop();
    await server?.stop('SIGKILL');
    await testEnv.cleanup();
  });

  it('leaves only a partial write, which the restarted server sweeps with the orphans; referenced files stay', async () => {
    const mediaDir = join(testEnv.dataDir, 'media');
    const partialsDir = join(mediaDir, '.partial');
    const partials = () => (existsSync(partialsDir) ? readdirSync(partialsDir) : []);
    const reviewFiles = () => readdirSync(join(mediaDir, 'reviews')).sort();

    server = await startServerProcess(testEnv.env);
    const owner: TAuthResponse = await registerByApi(server.url, 'crash@example.com', 'crash-pass-1', testEnv);
    const storeId = owner.merchant!.store_id;
    const session = { headers: { authorization: `Bearer ${owner.access}` } };
    const keptId = await uploadByApi(
      server.url,
      { merchant_id: storeId, product_id: 'kept', rating: '5' },
      { video: ['review.mp4', 'video/mp4'], thumbnail: ['thumbnail.jpg', 'image/jpeg'] },
    );
    const kept = reviewFiles();
    expect(kept).toHaveLength(2);

    upload = trickleUpload(server.url, storeId);
    const partial = await until('the upload to be half written', () => {
      const [name] = partials();
      return name && statSync(join(partialsDir, name)).size > 5 * MB ? name : undefined;
    });
    await server.stop('SIGKILL');
    upload.stop();
    server = undefined;

    // The crash left the partial in its own folder, below 50 MB, and nothing under a key.
    expect(partials()).toEqual([partial]);
    expect(statSync(join(partialsDir, partial)).size).toBeLessThan(50 * MB);
    expect(reviewFiles()).toEqual(kept);

    // The restart comes later (the partial has sat idle), while another instance is writing an upload of its own.
    const aged = (path: string, ms: number) => utimesSync(path, new Date(Date.now() - ms), new Date(Date.now() - ms));
    aged(join(partialsDir, partial), HOUR);
    writeFileSync(join(partialsDir, 'in-flight.part'), Buffer.alloc(1000));
    // A crash between storing a file and inserting its review leaves a complete file no row names: one from long
    // ago, and one from an upload that is between the two steps right now.
    const orphan = '0d8e7f6a-1b2c-4d3e-8f9a-0b1c2d3e4f5a.mp4';
    const fresh = '5e4d3c2b-1a09-4876-9543-210fedcba987.mp4';
    for (const name of [orphan, fresh]) writeFileSync(join(mediaDir, 'reviews', name), fixture('review.mp4'));
    aged(join(mediaDir, 'reviews', orphan), 2 * HOUR);
    for (const name of kept) aged(join(mediaDir, 'reviews', name), 2 * HOUR);

    server = await startServerProcess(testEnv.env);
    // The start sweep runs in the background: the server answered /api/health before it was done.
    const line = await until('the start sweep', () =>
      server!
        .output()
        .split('\n')
        .find((l) => l.includes('Media sweep removed leftovers')),
    );
    expect(JSON.parse(line)).toMatchObject({ partials: 1, orphans: 1 });

    expect(partials()).toEqual(['in-flight.part']);
    expect(reviewFiles()).toEqual([...kept, fresh].sort());
    for (const name of [orphan, fresh]) expect((await fetch(`${server.url}/media/reviews/${name}`)).status).toBe(404);

    // The restarted server serves normally: the kept review plays once approved, and uploads are taken.
    const approved = await fetch(`${server.url}/api/reviews/${keptId}/approve/`, { method: 'POST', ...session });
    expect(approved.status).toBe(200);
    const review = (await approved.json()) as TReview;
    const video = await fetch(`${server.url}${review.video_url!.split('?')[0]}`);
    expect(video.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await video.arrayBuffer()), fixture('review.mp4'))).toBe(0);
    await uploadByApi(
      server.url,
      { merchant_id: storeId, product_id: 'after', rating: '4' },
      { photo: ['photo.jpg', 'image/jpeg'] },
    );
  });
});
