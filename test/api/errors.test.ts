import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp();
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

function expectErrorBody(body: unknown, code: string) {
  expect(body).toEqual(expect.objectContaining({ detail: expect.any(String), code }));
  expect((body as { detail: string }).detail.length).toBeGreaterThan(0);
}

describe('error bodies', () => {
  it('answers 404 JSON for an unknown /api route', async () => {
    const res = await http.get('/api/no-such-thing/').expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expectErrorBody(res.body, 'not_found');
  });

  it('answers 405 JSON with Allow, not a page, for a known /api route asked with another method', async () => {
    const res = await http.delete('/api/health').expect(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expectErrorBody(res.body, 'method_not_allowed');
  });

  it('answers 404 JSON for POST to an unknown /api route with a JSON body', async () => {
    const res = await http.post('/api/nothing/here/').send({ a: 1 }).expect(404);
    expectErrorBody(res.body, 'not_found');
  });

  it('answers 400 invalid_json for malformed JSON', async () => {
    const res = await http
      .post('/api/auth/logout/')
      .set('content-type', 'application/json')
      .send('{"broken": ')
      .expect(400);
    expectErrorBody(res.body, 'invalid_json');
  });

  it('answers 400 for an empty body declared as JSON', async () => {
    const res = await http.post('/api/auth/logout/').set('content-type', 'application/json').send('').expect(400);
    expectErrorBody(res.body, 'invalid_json');
  });

  it('answers 415 for a content type the API does not take', async () => {
    const res = await http.post('/api/auth/logout/').set('content-type', 'application/xml').send('<a/>').expect(415);
    expectErrorBody(res.body, 'unsupported_media_type');
  });

  it('answers 413 for a JSON body over the limit', async () => {
    const res = await http
      .post('/api/auth/logout/')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ big: 'x'.repeat(1_100_000) }))
      .expect(413);
    expectErrorBody(res.body, 'payload_too_large');
  });

  it('never answers a GET under /api or /widget with a dashboard page', async () => {
    const res = await http.get('/widget/unknown').expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('request id', () => {
  it('puts a fresh X-Request-Id on every response, errors included', async () => {
    const ok = await http.get('/api/health');
    const missing = await http.get('/api/missing');
    expect(ok.headers['x-request-id']).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
    expect(missing.headers['x-request-id']).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
    expect(ok.headers['x-request-id']).not.toEqual(missing.headers['x-request-id']);
  });

  it('keeps a safe incoming X-Request-Id and replaces an unsafe one', async () => {
    const kept = await http.get('/api/health').set('x-request-id', 'lb-1234.abc');
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const replaced = await http.get('/api/health').set('x-request-id', 'bad id <script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
  });
});

/** Headers helmet sets for a browser rendering a document. */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers', () => {
  it('sends an API answer what an API answer is read with, and none of the headers only a page needs', async () => {
    const res = await http.get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of DOCUMENT_ONLY) expect(res.headers[name]).toBeUndefined();
  });

  it('sends a page every header helmet sets', async () => {
    for (const path of ['/login', '/api/docs/']) {
      const res = await http.get(path).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(res.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
    }
  });
});
