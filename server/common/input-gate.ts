import { parse as parseQuerystring } from 'node:querystring';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest, RawServerDefault } from 'fastify';
import { ApiError } from './api-error.js';
import {
  assertStorable,
  badQueryField,
  decodeUtf8,
  findUnstorable,
  hasBadEscapes,
  invalidInput,
  isStorable,
} from './storable-text.js';

/**
 * The one gate for text PostgreSQL cannot store (NUL, invalid UTF-8, lone surrogates), in front of every route, Nest's
 * and the plain Fastify ones alike: the URL when the request arrives, bodies as they are parsed. Multipart fields are
 * checked where the parts are read (media/multipart.ts); webhooks, which read their raw body, once it is verified
 * (inbox/webhook-body.ts). The common request, with no `%` in its URL, pays one `includes`.
 */
export function registerInputGate(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, _reply, done) => done(urlProblem(request)));

  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser<RawServerDefault>('application/json', {}, (request, bytes, done) => {
    let text: string;
    try {
      text = decodeUtf8(bytes);
    } catch (error) {
      return done(error as ApiError, undefined);
    }
    parseJson(request, text, (error, value) => {
      // JSON.parse refuses raw control characters: NUL and lone surrogates can only come as \u escapes.
      const field = error || !text.includes('\\u') ? undefined : findUnstorable(value);
      done(error ?? (field === undefined ? null : invalidInput(field)), field === undefined ? value : undefined);
    });
  });

  app.useBodyParser('application/x-www-form-urlencoded', {}, (_request, bytes, done) => {
    try {
      const text = decodeUtf8(bytes);
      const field = isStorable(text) ? badQueryField(text) : 'non_field_errors';
      if (field !== undefined) throw invalidInput(field);
      const form = parseQuerystring(text);
      if (Object.hasOwn(form, '__proto__')) throw ApiError.badRequest('The form holds a forbidden key.', 'bad_request');
      done(null, form);
    } catch (error) {
      done(error as ApiError, undefined);
    }
  });

  // Storefront beacons arrive as text/plain (sendBeacon), holding JSON.
  app.useBodyParser('text/plain', {}, (_request, bytes, done) => {
    try {
      const text = decodeUtf8(bytes);
      if (!isStorable(text)) throw invalidInput();
      if (text.includes('\\u')) assertStorable(jsonOrNull(text));
      done(null, text);
    } catch (error) {
      done(error as ApiError, undefined);
    }
  });
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The router already refused a path whose escapes are not UTF-8 (400 through frameworkErrors): NUL remains. */
function urlProblem(request: FastifyRequest): ApiError | undefined {
  const url = request.url;
  if (!url.includes('%')) return undefined;
  const q = url.indexOf('?');
  if (hasBadEscapes(q === -1 ? url : url.slice(0, q))) return invalidInput(paramHoldingNul(request));
  const field = q === -1 ? undefined : badQueryField(url.slice(q + 1));
  return field === undefined ? undefined : invalidInput(field);
}

function paramHoldingNul(request: FastifyRequest): string {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const name = Object.keys(params).find((key) => typeof params[key] === 'string' && !isStorable(params[key]));
  return name && name !== '*' ? name : 'path';
}
