import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformError } from './platform-error.js';

const TIMEOUT_MS = 15_000;
const BACKOFF_MS = 500;
/** The longest any answer may make a call wait before trying again. */
const MAX_WAIT_MS = 30_000;

/** One store platform's API as its client calls it. */
export interface PlatformApi {
  /** As error messages name it ("BigCommerce"). */
  readonly name: string;
  /** Milliseconds the platform's own rate-limit header asks for on a 429, read before Retry-After; 0 or NaN: none. */
  readonly rateLimitWaitMs?: (headers: Headers) => number;
}

export interface PlatformRequest {
  url: string;
  method?: string;
  /** The credentials and any header the platform requires; `accept` and `content-type` are set here. */
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** 1 for a call that must not repeat, fewer for a person waiting on the answer. */
  attempts: number;
  /** Each attempt's, until the whole body has arrived. */
  timeoutMs?: number;
  /** What a 401 or 403 means when it is the store's credentials' fault: thrown as `unauthorized`, never retried. */
  unauthorized?: string;
}

/** An answer that is neither throttled nor failing, read whole. */
export interface PlatformAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
}

/** Returned by a `read` to wait `waitMs` and call again; `error` is thrown once no attempt is left. */
export class TryAgain {
  constructor(
    readonly waitMs: number,
    readonly error: PlatformError,
  ) {}
}

/**
 * Calls a store platform's API (DESIGN §11): network failures, timeouts, 429 and 5xx are retried up to `attempts`
 * times, waiting what the platform asks (its own rate-limit header, then Retry-After in seconds or as an HTTP date)
 * or else an exponential backoff with jitter. `read` turns the final answer into a value, a PlatformError or a
 * TryAgain (Shopify's GraphQL throttling answers 200).
 */
export async function platformFetch<T>(
  api: PlatformApi,
  request: PlatformRequest,
  read: (answer: PlatformAnswer) => T | TryAgain,
): Promise<T> {
  const init: RequestInit = {
    method: request.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(request.body !== undefined && { 'content-type': 'application/json' }),
      ...request.headers,
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    redirect: 'error',
  };
  for (let attempt = 1; ; attempt++) {
    const outcome = await attemptOnce(api, request, init, attempt);
    const result = outcome instanceof TryAgain ? outcome : read(outcome);
    if (!(result instanceof TryAgain)) return result;
    if (attempt >= request.attempts) throw result.error;
    await sleep(Math.min(MAX_WAIT_MS, result.waitMs));
  }
}

async function attemptOnce(
  api: PlatformApi,
  request: PlatformRequest,
  init: RequestInit,
  attempt: number,
): Promise<PlatformAnswer | TryAgain> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, { ...init, signal: AbortSignal.timeout(request.timeoutMs ?? TIMEOUT_MS) });
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel().catch(() => undefined);
      const error = new PlatformError('unavailable', `${api.name} answered ${response.status}.`, response.status);
      return new TryAgain(waitMs(api, response, attempt), error);
    }
    text = await response.text();
  } catch {
    return new TryAgain(backoffMs(attempt), new PlatformError('unavailable', `${api.name} could not be reached.`));
  }
  if (request.unauthorized && (response.status === 401 || response.status === 403)) {
    throw new PlatformError('unauthorized', request.unauthorized, response.status);
  }
  return { status: response.status, ok: response.ok, headers: response.headers, text };
}

function waitMs(api: PlatformApi, response: Response, attempt: number): number {
  const platform = response.status === 429 ? (api.rateLimitWaitMs?.(response.headers) ?? 0) : 0;
  const asked = platform > 0 ? platform : retryAfterMs(response.headers.get('retry-after'));
  return asked > 0 ? asked : backoffMs(attempt);
}

/** 500 ms, 1 s, 2 s … each taken between half and all of it, so that callers throttled together come back apart. */
function backoffMs(attempt: number): number {
  return Math.round(BACKOFF_MS * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
}

/** Retry-After as milliseconds from `now`: delay-seconds (Shopify sends "2.0") or an HTTP date; 0 when it says none. */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  if (!value) return 0;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.ceil(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/** The answer's JSON object, or `{}` when it has none (empty, not JSON, not an object). */
export function jsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A REST answer's JSON, undefined when it has no body. One outside 2xx is `rejected`, with the start of the
 * platform's explanation; `call` names the request ("GET /v2/orders/1"), never its query.
 */
export function restJson<T>(api: PlatformApi, call: string, answer: PlatformAnswer): T | undefined {
  if (!answer.ok) {
    throw new PlatformError(
      'rejected',
      `${api.name} refused ${call.split('?')[0]} (${answer.status}): ${answer.text.slice(0, 200)}`,
      answer.status,
    );
  }
  if (!answer.text) return undefined;
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new PlatformError('unavailable', `${api.name} answered something that is not JSON.`, answer.status);
  }
}
