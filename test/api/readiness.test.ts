import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 when the database and the cache answer', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/ready').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      checks: {
        database: { status: 'ok', kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
        cache: { status: 'ok', kind: process.env.REDIS_URL ? 'redis' : 'memory' },
      },
    });
  });
});

// An instance whose Redis is unreachable still serves (from the database and its own memory): it must stay in the
// load balancer, and say what is missing.
describe('GET /api/ready with Redis down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => t.close());

  it('answers 200 degraded naming the cache, and /api/health answers 200', async () => {
    const http = request(t.app.getHttpServer());
    const res = await http.get('/api/ready').expect(200);
    expect(res.body).toEqual({
      status: 'degraded',
      checks: {
        database: { status: 'ok', kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
        cache: { status: 'unavailable', kind: 'redis' },
      },
    });
    await http.get('/api/health').expect(200);
  });
});
