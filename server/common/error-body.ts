import { HttpException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { TApiError } from '../../shared/errors.js';
import { isDatabaseUnavailable } from '../database/connection-errors.js';
import { ApiError, defaultCode } from './api-error.js';

export interface ErrorResponse {
  status: number;
  body: TApiError & Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Fastify's own errors (body parsing, content type, size) mapped to our codes. */
const FASTIFY_CODES: Record<string, { status: number; code: string; detail?: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', detail: 'Unsupported media type.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', detail: 'Request body is too large.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    detail: "Body cannot be empty when content-type is set to 'application/json'.",
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', detail: 'Malformed JSON body.' },
  FST_ERR_VALIDATION: { status: 400, code: 'validation_error' },
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'invalid_input',
    detail: 'The URL is not valid: a percent-encoded part is malformed or not UTF-8.',
  },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', detail: 'A part of the URL is too long.' },
};

/** The messages of busboy/dicer, which carry no error code. */
const MULTIPART_PARSER_ERRORS =
  /^(Unexpected end of (multipart data|form)|Malformed part header|(Multipart: )?Boundary not found|Part terminated early)/;

/** PostgreSQL restarting or out of reach: the pool reconnects by itself, the client tries again shortly. */
const DATABASE_UNAVAILABLE: ErrorResponse = {
  status: 503,
  body: { detail: 'The service is briefly unavailable. Try again in a moment.', code: 'database_unavailable' },
  headers: { 'retry-after': '2' },
};

export function zodFields(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

function isFastifyError(error: unknown): error is Error & { code?: string; statusCode?: number } {
  return error instanceof Error && ('statusCode' in error || 'code' in error);
}

/** Turns anything thrown while serving a request into DESIGN §4's status and body. */
export function toErrorResponse(thrown: unknown): ErrorResponse {
  // Nest's Fastify adapter wraps Fastify's own 4xx errors in an HttpException; map the original.
  const error = thrown instanceof HttpException && isFastifyError(thrown.cause) ? thrown.cause : thrown;
  if (error instanceof ZodError) {
    // The first message doubles as the detail, so a client that shows only `detail` still says what is wrong.
    const fields = zodFields(error);
    const detail = Object.values(fields)[0]?.[0] ?? 'Invalid input.';
    return { status: 400, body: { detail, code: 'validation_error', fields } };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    if (typeof response === 'object' && response !== null && 'detail' in response && 'code' in response) {
      const headers = error instanceof ApiError ? error.headers : undefined;
      return { status, body: response as ErrorResponse['body'], ...(headers ? { headers } : {}) };
    }
    const message =
      typeof response === 'string'
        ? response
        : ((response as { message?: string | string[] }).message ?? error.message);
    return {
      status,
      body: { detail: status >= 500 ? 'Internal error' : String(message), code: defaultCode(status) },
    };
  }
  if (isFastifyError(error)) {
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return { status: known.status, body: { detail: known.detail ?? error.message, code: known.code } };
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return { status: error.statusCode, body: { detail: error.message, code: defaultCode(error.statusCode) } };
    }
  }
  // A broken multipart body can surface from the parser after the handler moved on; it is still bad input.
  if (error instanceof Error && MULTIPART_PARSER_ERRORS.test(error.message)) {
    return {
      status: 400,
      body: { detail: 'The upload could not be read: malformed multipart/form-data body.', code: 'invalid_multipart' },
    };
  }
  if (isDatabaseUnavailable(error)) return DATABASE_UNAVAILABLE;
  return { status: 500, body: { detail: 'Internal error', code: 'internal_error' } };
}

/** Answers an error in the API's shape from a plain Fastify route (one outside Nest's exception filter). */
export async function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): Promise<void> {
  const { status, body, headers } = toErrorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'Unhandled error');
  await reply
    .status(status)
    .headers(headers ?? {})
    .type('application/json; charset=utf-8')
    .send(body);
}
