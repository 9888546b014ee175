import { REQUEST_TIMEOUT_MS, isPublicPath } from '../../shared/constants.js';
import type { TApiError } from '../../shared/errors.js';
import { clearSession, forgetWorkspace, readWorkspaceId } from '../session/session';

const REFRESH_PATH = '/api/auth/token-refresh/';

/** Calls that need no session: a 401 from them means bad credentials, not an expired token. */
const NO_SESSION_PATHS = [
  '/api/auth/token-obtain/',
  REFRESH_PATH,
  '/api/auth/register/',
  '/api/auth/register/confirm/',
  '/api/auth/users/confirm-email/',
  '/api/auth/users/forgot-password/',
  '/api/auth/users/reset-password/',
  '/api/auth/logout/',
];

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions {
  method?: THttpMethod;
  /** Sent as JSON, or as multipart when it is a FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. SPEC §7's X-Payment-Platform). */
  headers?: Record<string, string>;
}

/** A non-2xx answer. `body` follows the API's error shape (DESIGN §4); `payload` is the raw JSON (e.g. `limit_info`). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: TApiError;
  readonly payload: unknown;

  constructor(status: number, body: TApiError, payload: unknown) {
    super(body.detail);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.payload = payload;
  }

  get code(): string {
    return this.body.code;
  }

  get fields(): Record<string, string[]> | undefined {
    return this.body.fields;
  }
}

/**
 * Browser-side JSON client for `/api/*`. Auth rides on the HttpOnly session cookies; SSR reads its data
 * in-process through `+data` hooks instead of calling this.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  let response = await send(path, options);

  if (response.status === 403 && readWorkspaceId() && (await errorCode(response)) === 'workspace_forbidden') {
    // The stored workspace is no longer ours (removed from it): fall back to the default one.
    forgetWorkspace();
    response = await send(path, options);
  }

  if (response.status === 401 && !NO_SESSION_PATHS.includes(path)) {
    if (await refreshSession()) response = await send(path, options);
    if (response.status === 401) goToLogin();
  }

  if (!response.ok) throw await toApiError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

function send(path: string, { method = 'GET', body, signal, headers: extra }: ApiFetchOptions): Promise<Response> {
  const headers = new Headers({ ...extra, Accept: 'application/json' });
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const workspaceId = readWorkspaceId();
  if (workspaceId) headers.set('X-Workspace-ID', workspaceId);

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return fetch(path, {
    method,
    headers,
    body: payload,
    credentials: 'same-origin',
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
}

let pendingRefresh: Promise<boolean> | null = null;

/** One refresh at a time: concurrent 401s wait for the same attempt (refresh tokens are single-use). */
function refreshSession(): Promise<boolean> {
  pendingRefresh ??= fetch(REFRESH_PATH, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: '{}',
    credentials: 'same-origin',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
    .then(
      // token_rotated: another tab refreshed at the same moment and its new cookies are already set.
      async (response) => response.ok || (response.status === 401 && (await errorCode(response)) === 'token_rotated'),
      () => false,
    )
    .finally(() => {
      pendingRefresh = null;
    });
  return pendingRefresh;
}

function goToLogin(): void {
  clearSession();
  const { pathname, search } = window.location;
  if (isPublicPath(pathname)) return;
  window.location.assign(`/login?next=${encodeURIComponent(pathname + search)}`);
}

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.clone().json();
    return isApiErrorBody(body) ? body.code : undefined;
  } catch {
    return undefined;
  }
}

export async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const body: TApiError = isApiErrorBody(payload)
    ? payload
    : { detail: response.statusText || `HTTP ${response.status}`, code: `http_${response.status}` };
  return new ApiError(response.status, body, payload);
}

/**
 * The shape of `ZApiError` (shared/errors.ts), checked by hand: zod would add ~23 KB gzip to every route
 * for three fields.
 */
function isApiErrorBody(value: unknown): value is TApiError {
  if (typeof value !== 'object' || value === null) return false;
  const { detail, code, fields } = value as Record<string, unknown>;
  if (typeof detail !== 'string' || typeof code !== 'string') return false;
  if (fields === undefined) return true;
  return (
    typeof fields === 'object' &&
    fields !== null &&
    Object.values(fields).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))
  );
}
