import { eq } from 'drizzle-orm';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createApp } from '../../server/app.js';
import { SESSION_CACHE_TTL_MS } from '../../server/auth/session-cache.js';
import { reviews } from '../../server/database/schema.js';
import { ROUTE_LIMITS } from '../../server/rate-limits/route-limits.js';
import { CDN_CACHE } from '../../server/storefront/cdn-cache.js';
import { fixture, seedReviews } from '../factories/reviews.factory.js';
import { PASSWORD, PUBLIC_URL, registerOwner, uniqueEmail } from '../support/accounts.js';
import { startRedisServer, type PrivateRedis } from '../support/redis-server.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

// Redis is a cache, a rate-limit store and pub/sub, never the source of truth: stopping, pausing or restarting it
// must cost shoppers and merchants at most a slower answer. Each app here runs on a Redis of this file's own.

/**
 * Generous (a sign-in's scrypt alone can take seconds on a loaded machine), yet far below the defect: a 15-second hang
 * with Redis stopped, one as long as the pause (PAUSE_MS) with Redis paused.
 */
const BOUND_MS = 5_000;
const PAUSE_MS = 10_000;
/** How soon after Redis returns every instance must serve a change made during the outage (see ResilientCache). */
const RECOVERY_BOUND_MS = 10_000;

let redis: PrivateRedis;
let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  redis = await startRedisServer();
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true', REDIS_URL: redis.url } });
  http = request(t.app.getHttpServer());
});
afterAll(async () => {
  await t?.close();
  await redis?.close();
});

async function timed(call: PromiseLike<request.Response>): Promise<request.Response> {
  const started = Date.now();
  const res = await call;
  const took = Date.now() - started;
  if (took >= BOUND_MS) throw new Error(`Answered ${res.status} after ${took} ms`);
  if (res.status >= 500) throw new Error(`Answered ${res.status}: ${res.text}`);
  return res;
}

async function readiness(app: ReturnType<typeof request>): Promise<string> {
  return ((await app.get('/api/ready')).body as { status: string }).status;
}

async function until(what: string, check: () => Promise<boolean>, withinMs: number): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`Not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const publicCount = async (app: ReturnType<typeof request>, storeId: string, productId: string) =>
  (
    (await timed(app.get(`/api/reviews/public/?product_id=${productId}&merchant_id=${storeId}`).expect(200))).body as {
      count: number;
    }
  ).count;

function beacon(storeId: string, ip: string) {
  return http
    .post('/api/widgets/events/')
    .set('X-Forwarded-For', ip)
    .send({ merchant_id: storeId, session_id: 'session-faults-1', events: [{ type: 'view', product_id: 'mug' }] });
}

describe('Redis stopped', () => {
  it('answers every storefront, sign-in and dashboard call as usual, fast, and commits writes that answer success', async () => {
    const owner = await registerOwner(t);
    const { agent, merchantId, storeId, user } = owner;
    const ids = await seedReviews(t, merchantId, 4, { productId: 'mug' });
    await agent.post(`/api/reviews/${ids[0]}/approve/`).expect(200);
    // Warm the shared cache, as a live store would have it.
    expect(await publicCount(http, storeId, 'mug')).toBe(1);
    await http.get(`/api/widgets/configuration/mug/?merchant_id=${storeId}`).expect(200);
    await agent.get('/api/analytics/dashboard_metrics/').expect(200);

    await redis.stop();

    // Storefront reads and the loader, from the database.
    await timed(http.get(`/api/widgets/configuration/mug/?merchant_id=${storeId}`).expect(200));
    expect(await publicCount(http, storeId, 'mug')).toBe(1);
    await timed(http.get(`/widget/v1/${storeId}.js`).expect(200));
    await timed(http.get('/widget/v1/no-such-store.js').expect(404));
    // Sign-in and its rate limits.
    await timed(
      http
        .post('/api/auth/token-obtain/')
        .set('X-Forwarded-For', '203.0.113.1')
        .send({ email: user.email, password: PASSWORD })
        .expect(200),
    );
    await timed(
      http
        .post('/api/auth/token-obtain/')
        .set('X-Forwarded-For', '203.0.113.1')
        .send({ email: user.email, password: 'wrong-password-1' })
        .expect(401),
    );
    await timed(
      http
        .post('/api/auth/users/forgot-password/')
        .set('X-Forwarded-For', '203.0.113.1')
        .send({ email: uniqueEmail() })
        .expect(200),
    );
    await timed(agent.post('/api/auth/token-refresh/').send({}).expect(200));
    // Shoppers' writes.
    const upload = await timed(
      http
        .post('/api/reviews/upload/')
        .set('X-Forwarded-For', '203.0.113.2')
        .field('merchant_id', storeId)
        .field('product_id', 'mug')
        .field('rating', '5')
        .attach('photo', fixture('photo.jpg'), 'a.jpg')
        .expect(201),
    );
    await timed(beacon(storeId, '203.0.113.3').expect(202));
    // Moderation and settings: committed, and answered as such.
    await timed(agent.post(`/api/reviews/${ids[1]}/approve/`).expect(200));
    await timed(agent.post(`/api/reviews/${ids[2]}/reject/`).expect(200));
    await timed(agent.delete(`/api/reviews/${ids[3]}/`).expect(204));
    await timed(agent.post(`/api/reviews/${upload.body.id as string}/approve/`).expect(200));
    const statuses = await databaseOf(t)
      .select({ id: reviews.id, status: reviews.status })
      .from(reviews)
      .where(eq(reviews.merchantId, merchantId));
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toMatchObject({
      [ids[1]]: 'approved',
      [ids[2]]: 'rejected',
      [upload.body.id as string]: 'approved',
    });
    await timed(agent.post('/api/widgets/global-settings/').send({ primary_color: '#123456' }).expect(200));
    expect((await agent.get('/api/widgets/global-settings/current/').expect(200)).body.primary_color).toBe('#123456');
    await timed(
      agent
        .post('/api/widgets/product-overrides/set_override/')
        .send({ product_id: 'mug', enabled: true, position: 'after_gallery' })
        .expect(200),
    );
    await timed(agent.patch(`/api/stores/${merchantId}/`).send({ main_language: 'es' }).expect(200));
    // This instance shows its own changes at once.
    expect(await publicCount(http, storeId, 'mug')).toBe(3);
    const configuration = await timed(http.get(`/api/widgets/configuration/mug/?merchant_id=${storeId}`).expect(200));
    expect(configuration.body).toMatchObject({
      language: 'es',
      position: 'after_gallery',
      settings: { primary_color: '#123456' },
    });
    // The dashboard.
    await timed(agent.get('/api/analytics/dashboard_metrics/').expect(200));
    await timed(agent.get('/api/analytics/review_activity/').expect(200));
    await timed(agent.get('/api/reviews/').expect(200));
    await timed(agent.get('/api/reviews/stats/').expect(200));
    // Health: alive, and ready in a degraded way (a load balancer must keep it).
    await timed(http.get('/api/health').expect(200));
    const ready = await timed(http.get('/api/ready').expect(200));
    expect(ready.body).toMatchObject({
      status: 'degraded',
      checks: {
        database: { status: 'ok', kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
        cache: { status: 'unavailable', kind: 'redis' },
      },
    });
  });

  it('still applies rate limits, per instance', async () => {
    const forgot = () =>
      http
        .post('/api/auth/users/forgot-password/')
        .set('X-Forwarded-For', '203.0.113.50')
        .send({ email: uniqueEmail() });
    for (let i = 0; i < ROUTE_LIMITS.forgotPassword.limit; i += 1) await timed(forgot().expect(200));
    const refused = await timed(forgot().expect(429));
    expect(refused.body.code).toBe('throttled');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('closes the breaker once Redis is back', async () => {
    await redis.start();
    await until('the cache is ready again', async () => (await readiness(http)) === 'ok', RECOVERY_BOUND_MS);
    expect((await http.get('/api/ready').expect(200)).body.checks.cache).toEqual({ status: 'ok', kind: 'redis' });
  });
});

describe('Redis paused', () => {
  it('does not make requests wait for the pause', async () => {
    await until('the cache is ready', async () => (await readiness(http)) === 'ok', RECOVERY_BOUND_MS);
    const { agent, merchantId, storeId, user } = await registerOwner(t);
    const ids = await seedReviews(t, merchantId, 2, { productId: 'mug' });
    await redis.pause(PAUSE_MS);
    expect(await publicCount(http, storeId, 'mug')).toBe(0);
    await timed(http.get(`/api/widgets/configuration/mug/?merchant_id=${storeId}`).expect(200));
    await timed(http.get(`/widget/v1/${storeId}.js`).expect(200));
    await timed(
      http
        .post('/api/auth/token-obtain/')
        .set('X-Forwarded-For', '203.0.113.60')
        .send({ email: user.email, password: PASSWORD })
        .expect(200),
    );
    await timed(agent.post(`/api/reviews/${ids[0]}/approve/`).expect(200));
    expect(await publicCount(http, storeId, 'mug')).toBe(1);
    await timed(beacon(storeId, '203.0.113.61').expect(202));
    await timed(agent.get('/api/analytics/dashboard_metrics/').expect(200));
    expect((await timed(http.get('/api/ready').expect(200))).body.status).toBe('degraded');
    await until('the cache is ready again', async () => (await readiness(http)) === 'ok', RECOVERY_BOUND_MS + PAUSE_MS);
  });
});

describe('Redis restarted with its data', () => {
  // A change made while Redis was away must not be hidden, once it is back, by the answers it kept: the instance that
  // made it bumps the store's version again when Redis answers. Two instances share one Redis and one database in
  // PostgreSQL mode; PGlite is one process's, so in embedded mode the instance that made the change is checked alone.
  it('serves a change made during the outage on every instance within the stated bound, and the breaker closes', async () => {
    await until('the cache is ready', async () => (await readiness(http)) === 'ok', RECOVERY_BOUND_MS);
    let other: NestFastifyApplication | undefined;
    try {
      if (process.env.DATABASE_URL) {
        other = await createApp(t.config);
        await other.getHttpAdapter().getInstance().ready();
      }
      const instances = [http, ...(other ? [request(other.getHttpServer())] : [])];
      const { agent, merchantId, storeId } = await registerOwner(t);
      const ids = await seedReviews(t, merchantId, 2, { productId: 'vase' });
      await agent.post(`/api/reviews/${ids[0]}/approve/`).expect(200);
      for (const instance of instances) expect(await publicCount(instance, storeId, 'vase')).toBe(1);

      await redis.stop({ keepData: true });
      await timed(agent.post(`/api/reviews/${ids[1]}/approve/`).expect(200));
      await redis.start();

      for (const instance of instances) {
        await until('the breaker closes', async () => (await readiness(instance)) === 'ok', RECOVERY_BOUND_MS);
      }
      for (const instance of instances) {
        await until(
          'the change shows',
          async () => (await publicCount(instance, storeId, 'vase')) === 2,
          RECOVERY_BOUND_MS,
        );
      }
    } finally {
      await other?.close();
    }
  });
});

describe('Redis stopped: sessions and data versions', () => {
  // Session stamps and storefront versions live in Redis. Without it an instance sees its own changes at once and
  // another's within SESSION_CACHE_TTL_MS, and names no data version, so no storefront answer is kept long.
  it('ends a session on every instance within the stated bound, and hands out no data version', async () => {
    await until('the cache is ready', async () => (await readiness(http)) === 'ok', RECOVERY_BOUND_MS);
    let other: NestFastifyApplication | undefined;
    try {
      if (process.env.DATABASE_URL) {
        other = await createApp(t.config);
        await other.getHttpAdapter().getInstance().ready();
      }
      const instances = [http, ...(other ? [request(other.getHttpServer())] : [])];
      const { agent, storeId, user } = await registerOwner(t);
      const me = (instance: ReturnType<typeof request>) =>
        instance.get('/api/auth/users/me/').set('Authorization', `JWT ${user.access}`);
      for (const instance of instances) for (let i = 0; i < 2; i += 1) await me(instance).expect(200);
      const version = async (instance: ReturnType<typeof request>) =>
        /dataset\.version\s*=\s*"([^"]*)"/.exec(
          (await timed(instance.get(`/widget/v1/${storeId}.js`).set('Accept-Encoding', 'identity').expect(200))).text,
        )?.[1];
      const named = await version(http);
      expect(named).toMatch(/\.\d+$/);

      await redis.stop();
      await timed(
        agent
          .post('/api/auth/users/change-password/')
          .send({ current_password: PASSWORD, new_password: 'new-password-1', confirm_password: 'new-password-1' })
          .expect(200),
      );
      // This instance made the change: at once.
      await timed(me(http).expect(401));
      for (const instance of instances) {
        await until(
          'the old session is refused',
          async () => (await me(instance)).status === 401,
          SESSION_CACHE_TTL_MS + 2_000,
        );
        // Versions are this instance's own now: the loader names none (its copy lapses within seconds), and an
        // answer to the version named before is kept briefly.
        await until('the loader names no version', async () => (await version(instance)) === '', 5_000 + 2_000);
        const answer = await timed(
          instance.get(`/api/reviews/public/?product_id=mug&merchant_id=${storeId}&v=${named}`).expect(200),
        );
        expect(answer.headers['cache-control']).toBe(CDN_CACHE.short);
      }
      await redis.start();
      for (const instance of instances) {
        await until('the breaker closes', async () => (await readiness(instance)) === 'ok', RECOVERY_BOUND_MS);
        await until('the loader names a version', async () => /\.\d+$/.test((await version(instance)) ?? ''), 7_000);
      }
    } finally {
      await other?.close();
    }
  });
});
