import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';
import { ROOT_DIR } from '../support/pglite-template.js';
import { startServerProcess } from '../support/server-process.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

// The storefront's routes are plain Fastify routes, outside Nest's router: they must still get what every route gets
// — a request id in the logs, a series in /metrics, the input gate, the security headers, open CORS and the API's
// error body.

/** The widget's content-hashed bundle, as `npm test` built it. */
const widgetBundle = () =>
  (JSON.parse(readFileSync(join(ROOT_DIR, 'dist', 'widget', 'manifest.json'), 'utf8')) as { widget: string }).widget;

const STOREFRONT_GETS = (storeId: string) => [
  { path: `/widget/v1/${storeId}.js`, route: '/widget/v1/:file' },
  { path: `/api/widgets/configuration/p1/?merchant_id=${storeId}`, route: '/api/widgets/configuration/:productId/' },
  { path: `/api/widgets/configuration/?merchant_id=${storeId}`, route: '/api/widgets/configuration/' },
  { path: `/api/reviews/public/?product_id=p1&merchant_id=${storeId}`, route: '/api/reviews/public/' },
  { path: `/api/questions/public/?product_id=p1&merchant_id=${storeId}`, route: '/api/questions/public/' },
];

describe('storefront routes in the app', () => {
  let t: TestApp;
  let http: ReturnType<typeof request>;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL } });
    http = request(t.app.getHttpServer());
  });
  afterAll(() => t.close());

  const valueOf = (text: string, series: string) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${series} `))
        ?.slice(series.length + 1) ?? 0,
    );

  it('answer with a request id, the security headers and open CORS, and count in /metrics by route', async () => {
    const { storeId } = await registerOwner(t);
    const before = (await http.get('/metrics').expect(200)).text;
    for (const { path } of STOREFRONT_GETS(storeId)) {
      const res = await http.get(path).set('Origin', 'https://shop.example').set('X-Request-Id', 'shop-1').expect(200);
      expect(res.headers).toMatchObject({
        'x-request-id': 'shop-1',
        'access-control-allow-origin': '*',
        'cross-origin-resource-policy': 'cross-origin',
        'x-content-type-options': 'nosniff',
      });
      if (path.startsWith('/widget/')) {
        // A script: a document's policies would do nothing for it.
        for (const name of ['content-security-policy', 'strict-transport-security', 'x-frame-options']) {
          expect(res.headers[name]).toBeUndefined();
        }
      } else {
        expect(res.headers).toMatchObject({
          'content-security-policy': expect.stringContaining("default-src 'none'"),
          'strict-transport-security': expect.any(String),
          'x-frame-options': 'SAMEORIGIN',
        });
      }
    }
    const bundle = await http.get(`/widget/v1/assets/${widgetBundle()}`).expect(200);
    expect(bundle.headers['x-content-type-options']).toBe('nosniff');
    expect(bundle.headers['content-security-policy']).toBeUndefined();
    await http.get('/widget/v1/assets/widget.0000000000.js').expect(404);
    const after = (await http.get('/metrics').expect(200)).text;
    for (const { route } of STOREFRONT_GETS(storeId)) {
      const series = `vr_http_requests_total{method="GET",route="${route}",status="200"}`;
      expect(valueOf(after, series) - valueOf(before, series)).toBe(1);
    }
    const missing = 'vr_http_requests_total{method="GET",route="/widget/v1/assets/:file",status="404"}';
    expect(valueOf(after, missing) - valueOf(before, missing)).toBe(1);
  });

  it('refuse what the input gate refuses, and answer errors in the API shape, readable cross-origin', async () => {
    const refused = await http.get('/widget/v1/store%00.js').expect(400);
    expect(refused.body).toMatchObject({ code: 'invalid_input', fields: { file: [expect.any(String)] } });
    const unknown = await http.get('/api/reviews/public/?product_id=p&merchant_id=no-such-store').expect(404);
    expect(unknown.body).toEqual({ detail: expect.any(String), code: 'unknown_store' });
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    const asset = await http.get('/widget/v1/assets/nothing.js').expect(404);
    expect(asset.body).toEqual({ detail: 'Not found.', code: 'not_found' });
    expect(asset.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('storefront routes in the server process', () => {
  let testEnv: TestEnv;
  beforeEach(async () => {
    testEnv = await createTestEnv({ LOG_LEVEL: 'debug' });
  });
  afterEach(() => testEnv.cleanup());

  it('are logged with their request id (at debug: every page view would flood the info log)', async () => {
    const server = await startServerProcess(testEnv.env);
    try {
      await fetch(`${server.url}/widget/v1/no-such-store.js`, { headers: { 'x-request-id': 'loader-abc' } });
      await fetch(`${server.url}/api/reviews/public/?product_id=p&merchant_id=nope`, {
        headers: { 'x-request-id': 'reviews-abc' },
      });
    } finally {
      await server.stop();
    }
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line.reqId === 'loader-abc')).toMatchObject({
      level: 20,
      msg: 'request completed',
      method: 'GET',
      url: '/widget/v1/no-such-store.js',
      statusCode: 404,
    });
    expect(lines.find((line) => line.reqId === 'reviews-abc')).toMatchObject({ level: 20, statusCode: 404 });
  });
});
