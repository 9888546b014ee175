import request from 'supertest';
import { firstResponse, openSocket, portOf, rawHttp, type RawResponse } from '../support/raw-http.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// What Fastify and Node's HTTP parser refuse before Nest sees a request, answered in DESIGN §4's shape like everything
// else (errors.test.ts covers 404, malformed JSON, 415 and the JSON body limit).

let t: TestApp;
let http: ReturnType<typeof request>;
let port: number;
beforeAll(async () => {
  t = await startTestApp();
  http = request(t.app.getHttpServer());
  port = await portOf(t);
});
afterAll(() => t.close());

/** Exactly `{detail, code}`: none of Fastify's `statusCode`, `error`, `message`. */
function expectShape(body: unknown, code: string): void {
  expect(body).toEqual({ detail: expect.any(String), code });
  expect((body as { detail: string }).detail.length).toBeGreaterThan(0);
}

function expectRawShape(res: RawResponse, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expectShape(JSON.parse(res.body), code);
}

describe('URLs the router cannot read (frameworkErrors)', () => {
  it.each(['/api/reviews/%zz/', '/api/nothing/%zz/', '/api/reviews/%C3%28/', '/widget/v1/%FF.js'])(
    'answers 400 invalid_input for the bad percent-encoding of %s',
    async (path) => {
      const res = await http.get(path).expect(400);
      expectShape(res.body, 'invalid_input');
    },
  );

  it('answers 414 uri_too_long for a path parameter over the router limit', async () => {
    const res = await http.post(`/api/reviews/${'x'.repeat(150)}/approve/`).expect(414);
    expectShape(res.body, 'uri_too_long');
    expectShape((await http.delete(`/api/reviews/${'x'.repeat(150)}/`).expect(414)).body, 'uri_too_long');
  });
});

describe("requests Node's HTTP parser refuses (clientErrorHandler)", () => {
  it('answers 431 for a query string over the header size limit', async () => {
    const res = await rawHttp(
      port,
      `GET /api/reviews/public/?merchant_id=${'x'.repeat(20_000)}&product_id=p HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expectRawShape(res, 431, 'headers_too_large');
  });

  it('answers 431 for a header over the limit', async () => {
    const res = await rawHttp(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`);
    expectRawShape(res, 431, 'headers_too_large');
  });

  it.each([
    ['an unreadable Content-Length', 'POST /api/auth/logout/ HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n'],
    ['a raw byte above 0x7F in the URL', 'GET /api/reviews/public/?merchant_id=caf\xe9 HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a NUL byte in the URL', 'GET /api/health?a=\x00 HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n'],
  ])('answers 400 bad_request for %s', async (_label, raw) => {
    expectRawShape(await rawHttp(port, raw), 400, 'bad_request');
  });
});

describe('body limits of every parser', () => {
  it.each([
    ['application/x-www-form-urlencoded', `a=${'x'.repeat(1_100_000)}`],
    ['text/plain', 'x'.repeat(1_100_000)],
    ['application/json', JSON.stringify({ big: 'x'.repeat(1_100_000) })],
  ])('answers 413 for a %s body over the limit', async (type, body) => {
    const res = await http.post('/api/widgets/events/').set('content-type', type).send(body).expect(413);
    expectShape(res.body, 'payload_too_large');
  });
});

describe('shutdown', () => {
  it('answers 503 service_unavailable with Retry-After to a request arriving while the app closes', async () => {
    const closing = await startTestApp();
    const socket = await openSocket(await portOf(closing));
    // A first request in flight keeps the connection open through the shutdown; a second one is pipelined behind it.
    socket.write(
      'POST /api/auth/token-obtain/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closing.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write('}GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await closed;
    await new Promise((resolve) => (socket.destroyed ? resolve(undefined) : socket.once('close', resolve)));
    const received = socket.received();
    const first = firstResponse(received);
    expect(first.status).toBe(400);
    const second = firstResponse(received.slice(received.indexOf('HTTP/1.1', 10)));
    expectRawShape(second, 503, 'service_unavailable');
    expect(second.headers['retry-after']).toBe('1');
    expect(second.headers.connection).toBe('close');
  });
});
