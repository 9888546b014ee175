import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PlatformError } from './platform-error.js';
import {
  TryAgain,
  jsonObject,
  platformFetch,
  restJson,
  retryAfterMs,
  type PlatformAnswer,
  type PlatformApi,
  type PlatformRequest,
} from './platform-fetch.js';

type Answer = (res: ServerResponse) => void;

const API: PlatformApi = {
  name: 'Test',
  rateLimitWaitMs: (headers) => Number(headers.get('x-rate-limit-time-reset-ms')),
};

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (res) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
/** Never answers: the caller's timeout has to end it. */
const silence: Answer = () => undefined;
/** Sends the headers and part of the body, then nothing more. */
const stall: Answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).write('{"ok":');

let server: http.Server;
let url: string;
let answers: Answer[];
let hits: Array<{ at: number; method: string; headers: IncomingMessage['headers']; body: string }>;

/** The server answers its requests in this order, the last answer repeating. */
function answer(...script: Answer[]) {
  answers = script;
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      hits.push({ at: Date.now(), method: req.method ?? '', headers: req.headers, body });
      // No connection outlives its answer: each attempt meets the answer scripted for it, not a closed socket.
      res.setHeader('connection', 'close');
      (answers[hits.length - 1] ?? answers[answers.length - 1])(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3/things`;
});

beforeEach(() => {
  hits = [];
});

afterEach(() => server.closeAllConnections());

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const readJson = (answer: PlatformAnswer) => restJson<{ ok: boolean }>(API, 'GET /v3/things', answer);

async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = Date.now();
  const result = await call();
  return { result, ms: Date.now() - start };
}

function callWith<T>(request: Partial<PlatformRequest>, read: (answer: PlatformAnswer) => T | TryAgain) {
  return platformFetch(API, { url, attempts: 3, ...request }, read);
}

const call = (request: Partial<PlatformRequest> = {}) => callWith(request, readJson);

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a PlatformError');
    },
    (error: unknown) => error as PlatformError,
  );

describe('platformFetch', () => {
  it('sends JSON with the given headers and reads the answer', async () => {
    answer(json(201, { ok: true }));
    const result = await call({ method: 'POST', headers: { 'x-auth-token': 'secret' }, body: { name: 'x' } });
    expect(result).toEqual({ ok: true });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ method: 'POST', body: '{"name":"x"}' });
    expect(hits[0].headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-auth-token': 'secret',
    });
  });

  it('waits the seconds a 429’s Retry-After asks for, then succeeds', async () => {
    answer(json(429, { error: 'slow down' }, { 'retry-after': '1' }), json(200, { ok: true }));
    expect(await call()).toEqual({ ok: true });
    expect(hits).toHaveLength(2);
    expect(hits[1].at - hits[0].at).toBeGreaterThanOrEqual(950);
  });

  it('waits until a Retry-After given as an HTTP date', async () => {
    // HTTP dates have whole seconds: two seconds ahead is more than one from now.
    answer(json(503, {}, { 'retry-after': new Date(Date.now() + 2000).toUTCString() }), json(200, { ok: true }));
    expect(await call()).toEqual({ ok: true });
    expect(hits).toHaveLength(2);
    expect(hits[1].at - hits[0].at).toBeGreaterThanOrEqual(950);
  });

  it('retries a 503 with a growing backoff and gives up after the last attempt with the platform’s error', async () => {
    answer(json(503, { error: 'down' }));
    const error = await failure(call({ attempts: 3 }));
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: 'unavailable', status: 503, message: 'Test answered 503.' });
    expect(hits).toHaveLength(3);
    // 500 ms then 1 s, each with jitter taking off up to half.
    expect(hits[1].at - hits[0].at).toBeGreaterThanOrEqual(240);
    expect(hits[2].at - hits[1].at).toBeGreaterThanOrEqual(490);
  });

  it('aborts an attempt that outlives its timeout and tries again', async () => {
    answer(silence, json(200, { ok: true }));
    const { result, ms } = await timed(() => call({ timeoutMs: 200 }));
    expect(result).toEqual({ ok: true });
    expect(hits).toHaveLength(2);
    expect(ms).toBeGreaterThanOrEqual(190);
    expect(ms).toBeLessThan(2000);
  });

  it('counts a body that stops arriving against the timeout too', async () => {
    answer(stall, json(200, { ok: true }));
    expect(await call({ timeoutMs: 200 })).toEqual({ ok: true });
    expect(hits).toHaveLength(2);
  });

  it('gives up on an unreachable platform as unavailable', async () => {
    answer(silence);
    const { result: error, ms } = await timed(() => failure(call({ timeoutMs: 100, attempts: 1 })));
    expect(ms).toBeGreaterThanOrEqual(90);
    expect(error).toMatchObject({ kind: 'unavailable', message: 'Test could not be reached.' });
    expect(error.status).toBeUndefined();
  });

  it('does not retry a 4xx other than 429', async () => {
    answer(json(404, { title: 'No such thing' }), json(200, { ok: true }));
    const missing = await failure(callWith({}, (answer) => restJson(API, 'GET /v3/things?page=2', answer)));
    expect(missing).toMatchObject({
      kind: 'rejected',
      status: 404,
      message: 'Test refused GET /v3/things (404): {"title":"No such thing"}',
    });
    expect(hits).toHaveLength(1);
  });

  it('turns a 401 or 403 into `unauthorized` when the call says what it means, else leaves it to `read`', async () => {
    answer(json(401, {}));
    const refused = await failure(call({ unauthorized: 'Test refused the store’s token.' }));
    expect(refused).toMatchObject({ kind: 'unauthorized', status: 401, message: 'Test refused the store’s token.' });
    answer(json(403, { error: 'invalid code' }));
    const read = await callWith({}, ({ status, text }) => ({ status, body: jsonObject(text) }));
    expect(read).toEqual({ status: 403, body: { error: 'invalid code' } });
    expect(hits).toHaveLength(2);
  });

  it('waits what the platform’s own rate-limit header asks on a 429, before Retry-After', async () => {
    answer(json(429, {}, { 'x-rate-limit-time-reset-ms': '1200', 'retry-after': '0' }), json(200, { ok: true }));
    expect(await call()).toEqual({ ok: true });
    // Longer than the first backoff (500 ms at most): the header was read.
    expect(hits[1].at - hits[0].at).toBeGreaterThanOrEqual(1150);
  });

  it('retries when `read` asks to (a throttle in a 200), and throws its error after the last attempt', async () => {
    answer(json(200, { errors: [{ extensions: { code: 'THROTTLED' } }] }));
    const throttled = new PlatformError('unavailable', 'Test kept throttling.', 429);
    const error = await failure(callWith({ attempts: 2 }, () => new TryAgain(100, throttled)));
    expect(error).toBe(throttled);
    expect(hits).toHaveLength(2);
    expect(hits[1].at - hits[0].at).toBeGreaterThanOrEqual(90);
  });

  it('takes a body that is not JSON for the platform’s failure, and an empty one for no body', async () => {
    answer((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Maintenance</h1>'));
    expect(await failure(call())).toMatchObject({
      kind: 'unavailable',
      message: 'Test answered something that is not JSON.',
    });
    answer((res) => res.writeHead(204).end());
    expect(await call()).toBeUndefined();
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');

  it.each([
    ['2', 2000],
    ['2.0', 2000],
    ['0', 0],
    ['Wed, 21 Oct 2015 07:28:03 GMT', 3000],
    ['Wed, 21 Oct 2015 07:27:00 GMT', 0],
    ['soon', 0],
    ['', 0],
  ])('%j is %i ms', (value, ms) => {
    expect(retryAfterMs(value, now)).toBe(ms);
  });
});
