import { lookup as systemLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { SNIFF_BYTES, sniffFileType, type SniffedType } from '../media/file-type.js';
import { addressProblem, inRanges } from './public-address.js';
import { SafeFetchError } from './safe-fetch-error.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a name has; the system resolver (as `dns.lookup`, /etc/hosts included) unless given. */
export type TResolve = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Refuse http: (outgoing webhooks in production). */
  httpsOnly?: boolean;
  /** Non-public addresses or CIDR ranges let through all the same: IMPORT_ALLOW_PRIVATE_HOSTS, for tests only. */
  allowPrivate?: readonly string[];
  /** The body may not be longer: refused when Content-Length says more, cut with `too_large` when it grows past. */
  maxBytes?: number;
  /** The whole fetch, every redirect and the body's last byte included. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /** Longest silence on the connection, while waiting for the answer or its body. */
  idleTimeoutMs?: number;
  maxRedirects?: number;
  /** false: a redirect is the answer (outgoing webhooks are not redirected, as browsers' beacons are not). */
  followRedirects?: boolean;
  /** When given, a 2xx body is sniffed by its first bytes and refused unless its type is one of these MIME types. */
  allowedTypes?: readonly string[];
  resolve?: TResolve;
  /** Certificates to trust besides the system's (tests' own authority). */
  ca?: string | Buffer;
}

export interface SafeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Where the body came from, after redirects. */
  url: string;
  /** The sniffed type, when `allowedTypes` was given. */
  type: SniffedType | null;
  /** At most `maxBytes`; errors with a SafeFetchError when the time or size caps are hit while it is read. */
  body: Readable;
}

export const SAFE_FETCH_DEFAULTS = {
  maxBytes: 10 * 1024 * 1024,
  timeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  idleTimeoutMs: 15_000,
  maxRedirects: 5,
};

type Settings = typeof SAFE_FETCH_DEFAULTS & SafeFetchOptions;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];

const systemResolve: TResolve = (hostname) => systemLookup(hostname, { all: true, verbatim: true });

/** One timer for the whole fetch: when it fires, whatever is open is destroyed with a `timeout` error. */
class Deadline {
  private readonly timer: NodeJS.Timeout;
  private readonly open = new Set<{ destroy(error: Error): void }>();
  private readonly expired: Promise<never>;

  constructor(ms: number) {
    let expire!: (error: Error) => void;
    this.expired = new Promise((_resolve, reject) => (expire = reject));
    this.expired.catch(() => undefined);
    this.timer = setTimeout(() => {
      const error = new SafeFetchError('timeout', `No complete answer within ${ms / 1000} s.`);
      for (const stream of this.open) stream.destroy(error);
      expire(error);
    }, ms);
  }

  race<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.expired]);
  }

  watch(stream: { destroy(error: Error): void }): void {
    this.open.add(stream);
  }

  clear(): void {
    clearTimeout(this.timer);
    this.open.clear();
  }
}

function target(url: string, base: URL | undefined, settings: Settings): URL {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    throw new SafeFetchError('url_invalid', `Not a valid URL: ${url.slice(0, 200)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new SafeFetchError('url_scheme', `Only http and https URLs can be fetched, not ${parsed.protocol}`);
  }
  if (settings.httpsOnly && parsed.protocol !== 'https:') {
    throw new SafeFetchError('url_scheme', 'Only https URLs are accepted.');
  }
  // They would end up in logs and reports, and nothing a user gives us should carry a password.
  if (parsed.username || parsed.password) {
    throw new SafeFetchError('url_credentials', 'URLs with a user name or password are not accepted.');
  }
  return parsed;
}

/** The address to connect to: every address the name has must be public, and the connection goes to that one. */
async function checkedAddress(hostname: string, settings: Settings): Promise<ResolvedAddress> {
  const literal = isIP(hostname);
  let answers: ResolvedAddress[];
  if (literal) {
    answers = [{ address: hostname, family: literal }];
  } else {
    try {
      answers = await (settings.resolve ?? systemResolve)(hostname);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'lookup failed';
      throw new SafeFetchError('dns', `${hostname} could not be resolved (${code}).`);
    }
    if (answers.length === 0) throw new SafeFetchError('dns', `${hostname} has no address.`);
  }
  for (const { address } of answers) {
    const problem = addressProblem(address);
    if (problem && !inRanges(address, settings.allowPrivate ?? [])) {
      const which = literal ? address : `${hostname} resolves to ${address}, which`;
      throw new SafeFetchError('private_address', `Refused: ${which} is ${problem}.`);
    }
  }
  return answers[0];
}

/** Answers the socket's lookup with the address already checked, so a second resolution cannot change it. */
function pinned({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

function connectionError(error: unknown, host: string): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  const { code, message } = error as { code?: string; message?: string };
  return new SafeFetchError('connection', `${host}: ${code ?? message ?? 'connection failed'}.`);
}

async function open(
  url: URL,
  method: string,
  headers: OutgoingHttpHeaders,
  body: string | Buffer | undefined,
  settings: Settings,
  deadline: Deadline,
): Promise<IncomingMessage> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const address = await deadline.race(checkedAddress(hostname, settings));
  return new Promise((resolve, reject) => {
    let response: IncomingMessage | undefined;
    // The hostname stays the request's host, so Host, SNI and the certificate check all name it.
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      agent: false,
      lookup: pinned(address),
      ca: settings.ca,
    });
    const fail = (error: SafeFetchError) => (response ?? request).destroy(error);
    const connectTimer = setTimeout(
      () =>
        fail(
          new SafeFetchError('timeout', `No connection to ${url.host} within ${settings.connectTimeoutMs / 1000} s.`),
        ),
      settings.connectTimeoutMs,
    );
    deadline.watch(request);
    request.once('socket', (socket) => {
      socket.once('connect', () => {
        clearTimeout(connectTimer);
        socket.setTimeout(settings.idleTimeoutMs, () =>
          fail(new SafeFetchError('timeout', `${url.host} sent nothing for ${settings.idleTimeoutMs / 1000} s.`)),
        );
      });
    });
    request.once('response', (answer) => {
      response = answer;
      deadline.watch(answer);
      resolve(answer);
    });
    request.on('error', (error) => reject(connectionError(error, url.host)));
    request.once('close', () => clearTimeout(connectTimer));
    request.end(body);
  });
}

/** The body as a stream, sniffed first when asked, counted against `maxBytes` as it flows. */
async function deliver(
  response: IncomingMessage,
  url: URL,
  settings: Settings,
  deadline: Deadline,
): Promise<SafeResponse> {
  const status = response.statusCode ?? 0;
  const tooLarge = () => new SafeFetchError('too_large', `The file is larger than ${settings.maxBytes} bytes.`);
  const declared = Number(response.headers['content-length'] ?? NaN);
  if (declared > settings.maxBytes) throw tooLarge();
  if (settings.allowedTypes && (status < 200 || status > 299)) {
    throw new SafeFetchError('http_status', `${url.host} answered ${status}.`);
  }

  const chunks = response[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let received = 0;
  const next = async () => {
    const step = await chunks.next();
    if (!step.done && (received += step.value.length) > settings.maxBytes) throw tooLarge();
    return step;
  };
  const head: Buffer[] = [];
  let type: SniffedType | null = null;
  if (settings.allowedTypes) {
    while (received < SNIFF_BYTES) {
      const step = await next();
      if (step.done) break;
      head.push(step.value);
    }
    type = sniffFileType(Buffer.concat(head));
    if (!type || !settings.allowedTypes.includes(type.mime)) {
      const found = type ? type.mime : 'not an image or video we know';
      throw new SafeFetchError('content_type', `The file is ${found}; expected ${settings.allowedTypes.join(', ')}.`);
    }
  }

  async function* rest(): AsyncGenerator<Buffer> {
    yield* head;
    for (let step = await next(); !step.done; step = await next()) yield step.value;
  }
  const body = Readable.from(rest(), { objectMode: false });
  // Read to the end, failed or dropped by the caller: the connection and the timer go with it.
  body.once('close', () => {
    deadline.clear();
    response.destroy();
  });
  return { status, headers: response.headers, url: url.href, type, body };
}

/**
 * Fetches a URL a user gave (an import's media, a webhook endpoint) without letting it reach this machine or its
 * network: http(s) only, every address of the name public, the connection made to the address checked, each
 * redirect checked again, and time and size capped. Fails with a SafeFetchError whose `code` says why.
 */
export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const settings: Settings = { ...SAFE_FETCH_DEFAULTS, ...options };
  const deadline = new Deadline(settings.timeoutMs);
  let response: IncomingMessage | undefined;
  try {
    let current = target(url, undefined, settings);
    let method = (settings.method ?? 'GET').toUpperCase();
    let body = settings.body;
    const headers: OutgoingHttpHeaders = { 'accept-encoding': 'identity' };
    for (const [name, value] of Object.entries(settings.headers ?? {})) headers[name.toLowerCase()] = value;
    for (let redirects = 0; ; redirects++) {
      response = await open(current, method, headers, body, settings, deadline);
      const location = response.headers.location;
      if (!REDIRECTS.has(response.statusCode ?? 0) || !location || settings.followRedirects === false) {
        return await deliver(response, current, settings, deadline);
      }
      response.destroy();
      if (redirects >= settings.maxRedirects) {
        throw new SafeFetchError('too_many_redirects', `More than ${settings.maxRedirects} redirects.`);
      }
      const next = target(location, current, settings);
      // As fetch does: 303 turns into GET, and so do 301 and 302 after a POST; 307 and 308 repeat the request.
      const status = response.statusCode;
      if ((status === 303 && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        for (const name of BODY_HEADERS) delete headers[name];
      }
      if (next.origin !== current.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
      current = next;
    }
  } catch (error) {
    deadline.clear();
    response?.destroy();
    throw connectionError(error, url);
  }
}

/** Refuses, as a fetch would, a URL whose scheme, credentials or addresses the fetcher would not go to. */
export async function checkUrl(url: string, options: SafeFetchOptions = {}): Promise<void> {
  const settings: Settings = { ...SAFE_FETCH_DEFAULTS, ...options };
  const parsed = target(url, undefined, settings);
  await checkedAddress(parsed.hostname.replace(/^\[(.*)\]$/, '$1'), settings);
}

/** The whole body in memory: for small answers (webhook replies, photos), within the fetch's `maxBytes`. */
export async function readBody(response: SafeResponse): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
