import { HttpException } from '@nestjs/common';
import type { TApiError } from '../../shared/errors.js';

const DEFAULT_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'throttled',
  431: 'headers_too_large',
  503: 'service_unavailable',
};

export function defaultCode(status: number): string {
  return DEFAULT_CODES[status] ?? (status >= 500 ? 'internal_error' : 'error');
}

/** The one exception services throw: it carries DESIGN §4's error body. Extra keys (e.g. limit_info) pass through. */
export class ApiError extends HttpException {
  constructor(
    status: number,
    readonly body: TApiError & Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(body, status);
    // Logs and the inbox's last error read the message: the detail, not Nest's "Api Error".
    this.message = body.detail;
  }

  static badRequest(detail: string, code = 'bad_request', fields?: TApiError['fields']): ApiError {
    return new ApiError(400, { detail, code, ...(fields ? { fields } : {}) });
  }

  static validation(
    fields: NonNullable<TApiError['fields']>,
    detail = Object.values(fields)[0]?.[0] ?? 'Invalid input.',
  ): ApiError {
    return new ApiError(400, { detail, code: 'validation_error', fields });
  }

  static unauthorized(detail = 'Authentication credentials were not provided.', code = 'not_authenticated'): ApiError {
    return new ApiError(401, { detail, code });
  }

  static forbidden(
    detail = 'You do not have permission to perform this action.',
    code = 'permission_denied',
  ): ApiError {
    return new ApiError(403, { detail, code });
  }

  static notFound(detail = 'Not found.', code = 'not_found'): ApiError {
    return new ApiError(404, { detail, code });
  }

  /** `allow`: the methods the path does serve, which a 405 must list. */
  static methodNotAllowed(method: string, allow: readonly string[]): ApiError {
    return new ApiError(
      405,
      { detail: `${method} is not allowed here: this path answers ${allow.join(', ')}.`, code: 'method_not_allowed' },
      { allow: allow.join(', ') },
    );
  }

  static tooManyRequests(retryAfterSeconds: number, detail?: string): ApiError {
    return new ApiError(
      429,
      { detail: detail ?? `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, code: 'throttled' },
      { 'retry-after': String(retryAfterSeconds) },
    );
  }

  static conflict(detail: string, code = 'conflict', fields?: TApiError['fields']): ApiError {
    return new ApiError(409, { detail, code, ...(fields ? { fields } : {}) });
  }
}
