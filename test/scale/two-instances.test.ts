import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TAuthResponse } from '../../shared/accounts.js';
import type { TReview } from '../../shared/reviews.js';
import type { TPublicReviews } from '../../shared/storefront.js';
import { fixture } from '../factories/reviews.factory.js';
import { phoneVideo } from '../support/phone-media.js';
import { startRoundRobin, type RoundRobin } from '../support/round-robin.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { registerByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

// Two production server processes behind a round-robin balancer, on one PostgreSQL, one Redis and one S3 bucket, as
// an operator runs them: every call below alternates between the instances. PGlite is one process's database, so
// this runs in the PostgreSQL + Redis pass only.
const scaled = process.env.DATABASE_URL && process.env.REDIS_URL ? describe : describe.skip;

scaled('two instances behind a load balancer', () => {
  let testEnv: TestEnv;
  let bucket: S3TestServer;
  let balancer: RoundRobin;
  const instances: ServerProcess[] = [];
  let owner: TAuthResponse;
  let db: pg.Client;
  const password = 'two-instances-pass-1';
  const dir = mkdtempSync(join(tmpdir(), 'two-instances-'));

  beforeAll(async () => {
    bucket = await startS3Server();
    balancer = await startRoundRobin();
    testEnv = await createTestEnv({
      ...bucket.env,
      PUBLIC_URL: balancer.url,
      TRUST_PROXY: 'true',
      MEDIA_PROCESSING: 'true',
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    });
    // One after the other: the second finds the migrations applied by the first.
    for (let i = 0; i < 2; i++) instances.push(await startServerProcess(testEnv.env));
    balancer.targets = instances.map((instance) => instance.url);
    owner = await registerByApi(balancer.url, 'two@example.com', password, testEnv);
    db = new pg.Client({ connectionString: testEnv.env.DATABASE_URL });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await Promise.all(instances.map((instance) => instance.stop()));
    await balancer?.close();
    await bucket?.close();
    await testEnv?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${balancer.url}${path}`, {
      ...init,
      headers: {
        origin: balancer.url,
        ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `JWT ${init.token}` } : {}),
        ...(init.headers as Record<string, string>),
      },
    });

  /** Each of `n` calls in a row, so both instances answer it. */
  const statuses = async (n: number, make: () => Promise<Response>) => {
    const answers: number[] = [];
    for (let i = 0; i < n; i++) answers.push((await make()).status);
    return answers;
  };

  async function upload(product: string): Promise<string> {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      merchant_id: owner.merchant!.store_id,
      product_id: product,
      customer_name: 'Marta',
      rating: '5',
    })) {
      form.set(key, value);
    }
    form.set('photo', new Blob([new Uint8Array(fixture('photo.jpg'))], { type: 'image/jpeg' }), 'photo.jpg');
    const res = await call('/api/reviews/upload/', { method: 'POST', body: form });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  async function ready(id: string): Promise<TReview> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const review = (await (await call(`/api/reviews/${id}/`, { token: owner.access })).json()) as TReview;
      if (review.media_state !== 'processing' || Date.now() > deadline) return review;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('keeps a session on both, and ends it on both', async () => {
    const signIn = await call('/api/auth/token-obtain/', {
      method: 'POST',
      body: JSON.stringify({ email: 'two@example.com', password }),
    });
    expect(signIn.status).toBe(200);
    const session = (await signIn.json()) as TAuthResponse;
    expect(await statuses(4, () => call('/api/auth/users/me/', { token: session.access }))).toEqual([
      200, 200, 200, 200,
    ]);
    const refreshed = await call('/api/auth/token-refresh/', {
      method: 'POST',
      body: JSON.stringify({ refresh: session.refresh }),
    });
    expect(refreshed.status).toBe(200);
    // The rotated refresh token is spent on the other instance too.
    expect(
      (await call('/api/auth/token-refresh/', { method: 'POST', body: JSON.stringify({ refresh: session.refresh }) }))
        .status,
    ).toBe(401);
    const { access, refresh } = (await refreshed.json()) as { access: string; refresh: string };
    expect(await statuses(2, () => call('/api/auth/users/me/', { token: access }))).toEqual([200, 200]);
    // A password change on one instance ends the other sessions on both: the old access token is refused at once.
    const changed = await call('/api/auth/users/change-password/', {
      method: 'POST',
      token: owner.access,
      body: JSON.stringify({ current_password: password, new_password: `${password}-new` }),
    });
    expect(changed.status).toBe(200);
    expect(await statuses(4, () => call('/api/auth/users/me/', { token: access }))).toEqual([401, 401, 401, 401]);
    const body = JSON.stringify({ refresh });
    expect(await statuses(2, () => call('/api/auth/token-refresh/', { method: 'POST', body }))).toEqual([401, 401]);
    owner = { ...owner, ...((await changed.json()) as { access: string; refresh: string }) };
    expect(await statuses(2, () => call('/api/auth/users/me/', { token: owner.access }))).toEqual([200, 200]);
  });

  it('counts sign-in attempts together', async () => {
    const attempt = () =>
      call('/api/auth/token-obtain/', {
        method: 'POST',
        headers: { 'x-forwarded-for': '203.0.113.77' },
        body: JSON.stringify({ email: 'guess@example.com', password: 'wrong-password-0' }),
      });
    // Past 5 attempts an hour at one email, each must carry a proof of work, whichever instance it lands on.
    const answers: Response[] = [];
    for (let i = 0; i < 6; i++) answers.push(await attempt());
    expect(answers.slice(0, 5).map((res) => res.status)).toEqual(Array(5).fill(401));
    expect(answers[5].status).toBe(429);
    expect(((await answers[5].json()) as { code: string }).code).toBe('proof_required');
  });

  it('shows a moderation made on one at once on the storefront of both', async () => {
    const id = await upload('scarf');
    expect((await ready(id)).media_state).toBe('ready');
    const publicCount = async () =>
      (
        (await (
          await call(`/api/reviews/public/?product_id=scarf&merchant_id=${owner.merchant!.store_id}`)
        ).json()) as TPublicReviews
      ).count;
    // Both instances read (and cache) the empty list first.
    expect([await publicCount(), await publicCount()]).toEqual([0, 0]);
    expect((await call(`/api/reviews/${id}/approve/`, { method: 'POST', token: owner.access })).status).toBe(200);
    expect([await publicCount(), await publicCount()]).toEqual([1, 1]);
    expect((await call(`/api/reviews/${id}/`, { method: 'DELETE', token: owner.access })).status).toBe(204);
    expect([await publicCount(), await publicCount()]).toEqual([0, 0]);
  });

  it("processes each upload's media once, whichever instance took the upload, into the one bucket", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await upload(`item-${i}`));
    const reviews = await Promise.all(ids.map(ready));
    expect(reviews.map((review) => review.media_state)).toEqual(Array(6).fill('ready'));
    // A job ends a moment after its review is ready (the original is deleted, caches told).
    const jobRows = async () =>
      (
        await db.query<{ key: string; state: string; attempts: number }>(
          `select key, state, attempts from jobs where queue = 'review-media' and key = any($1) order by key`,
          [ids],
        )
      ).rows;
    const deadline = Date.now() + 15_000;
    let rows = await jobRows();
    while (rows.some((row) => row.state !== 'done') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await jobRows();
    }
    expect(rows).toEqual([...ids].sort().map((key) => ({ key, state: 'done', attempts: 1 })));
    // Each instance serves every file: the signed links one made are good on the other.
    for (const review of reviews) {
      expect(await statuses(2, () => call(review.photo_url!))).toEqual([200, 200]);
    }
  });

  it('takes a resumable upload whose chunks land on either instance, then its review', async () => {
    const video = readFileSync(phoneVideo(dir));
    const tus = { 'tus-resumable': '1.0.0' };
    const meta = [`merchant_id ${Buffer.from(owner.merchant!.store_id).toString('base64')}`];
    meta.push(`filetype ${Buffer.from('video/quicktime').toString('base64')}`);
    const created = await call('/api/reviews/uploads/', {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(video.length), 'upload-metadata': meta.join(',') },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, balancer.url).pathname;
    const chunk = Math.ceil(video.length / 4);
    for (let at = 0; at < video.length; at += chunk) {
      const res = await call(location, {
        method: 'PATCH',
        headers: { ...tus, 'upload-offset': String(at), 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(video.subarray(at, at + chunk)),
      });
      expect(res.status).toBe(204);
      // Each instance knows how far the upload got, whichever took the chunk.
      const offsets = await Promise.all(
        [0, 1].map(async () => (await call(location, { method: 'HEAD', headers: tus })).headers.get('upload-offset')),
      );
      expect(offsets).toEqual(Array(2).fill(String(Math.min(at + chunk, video.length))));
    }
    const form = new FormData();
    form.set('merchant_id', owner.merchant!.store_id);
    form.set('product_id', 'resumed');
    form.set('rating', '4');
    form.set('upload_id', location.split('/').filter(Boolean).pop()!);
    const posted = await call('/api/reviews/upload/', { method: 'POST', body: form });
    expect(posted.status).toBe(201);
    const review = await ready(((await posted.json()) as { id: string }).id);
    expect(review).toMatchObject({ media_state: 'ready', video_url: expect.stringMatching(/-video\.mp4\?/) });
  });

  it('shared the calls between the instances', () => {
    const counts = [...balancer.counts.values()];
    expect(counts).toHaveLength(2);
    expect(Math.min(...counts)).toBeGreaterThan(10);
  });
});
