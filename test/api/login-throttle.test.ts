import request from 'supertest';
import { createApp } from '../../server/app.js';
import { LOGIN_LIMITS } from '../../server/auth/auth.service.js';
import { PASSWORD, PUBLIC_URL, registerOwner, uniqueEmail } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // Behind a (pretend) proxy, so each test comes from its own address.
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

describe('login throttling', () => {
  it('limits every attempt from one address, whatever the emails, with Retry-After', async () => {
    const http = request(t.app.getHttpServer());
    const { user } = await registerOwner(t);
    for (let i = 0; i < LOGIN_LIMITS.perIp.limit; i += 1) {
      await http
        .post('/api/auth/token-obtain/')
        .set('X-Forwarded-For', '203.0.113.1')
        .send({ email: uniqueEmail('spray'), password: 'guess-1234' })
        .expect(401);
    }
    const res = await http
      .post('/api/auth/token-obtain/')
      .set('X-Forwarded-For', '203.0.113.1')
      .send({ email: user.email, password: PASSWORD })
      .expect(429);
    expect(res.body).toMatchObject({ code: 'throttled' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  // Two instances count together only through a shared Redis (and a shared PostgreSQL to boot them on).
  const shared = process.env.REDIS_URL && process.env.DATABASE_URL ? it : it.skip;
  shared('shares the per-email count between instances through Redis', async () => {
    const other = await createApp(t.config);
    try {
      const { user } = await registerOwner(t);
      const instances = [request(t.app.getHttpServer()), request(other.getHttpServer())];
      for (let i = 0; i < LOGIN_LIMITS.perEmail.limit; i += 1) {
        await instances[i % 2]
          .post('/api/auth/token-obtain/')
          .set('X-Forwarded-For', '203.0.113.2')
          .send({ email: user.email, password: 'wrong-1234' })
          .expect(401);
      }
      for (const http of instances) {
        await http
          .post('/api/auth/token-obtain/')
          .set('X-Forwarded-For', '203.0.113.2')
          .send({ email: user.email, password: PASSWORD })
          .expect(429);
      }
    } finally {
      await other.close();
    }
  });
});
