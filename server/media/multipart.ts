import { fastifyMultipart, type FastifyMultipartOptions, type Multipart, type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error.js';
import { invalidInput, isStorable } from '../common/storable-text.js';

/** The hooks @fastify/multipart adds to every request for its disk mode: temp files to clean when the answer ends. */
const DISK_MODE_HOOKS = new Set(['onRequest', 'onResponse']);

/**
 * @fastify/multipart on the whole app, without its disk mode's hooks (`saveRequestFiles`): every upload here streams
 * (`multipartParts`), so they would only cost every request, uploads or not, two async hooks and a listener.
 */
export function registerMultipart(fastify: FastifyInstance, options: FastifyMultipartOptions): Promise<void> {
  const streaming = new Proxy(fastify, {
    get: (target, key, receiver) =>
      key === 'addHook'
        ? (name: string, hook: never) => (DISK_MODE_HOOKS.has(name) ? receiver : target.addHook(name as never, hook))
        : Reflect.get(target, key, receiver),
  });
  return new Promise((resolve, reject) =>
    fastifyMultipart(streaming, options, (error?: Error) => (error ? reject(error) : resolve())),
  );
}

const LIMIT_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/** A body the multipart parser could not read is the client's fault: 400 (413 past a limit), never a 500. */
export function multipartError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code && LIMIT_CODES.has(code)) {
    return new ApiError(413, { detail: 'The upload has too many or too large parts.', code: 'payload_too_large' });
  }
  return ApiError.badRequest('The upload could not be read: malformed multipart/form-data body.', 'invalid_multipart');
}

/**
 * The parts of a multipart request in order, parser failures mapped to API errors, and fields holding text PostgreSQL
 * cannot store refused (400 `invalid_input`, the input gate's answer). Busboy decodes fields leniently: bytes that are
 * not UTF-8 arrive as U+FFFD, which is storable.
 */
export async function* multipartParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  if (!request.isMultipart()) {
    throw new ApiError(415, { detail: 'Send the upload as multipart/form-data.', code: 'unsupported_media_type' });
  }
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let step: IteratorResult<Multipart>;
    try {
      step = await parts.next();
    } catch (error) {
      throw multipartError(error);
    }
    if (step.done) return;
    const part = step.value;
    if (!isStorable(part.fieldname)) throw invalidInput();
    if (part.type === 'field' && typeof part.value === 'string' && !isStorable(part.value)) {
      throw invalidInput(part.fieldname);
    }
    yield part;
  }
}

/** Only the file parts; field parts are skipped. */
export async function* fileParts(request: FastifyRequest): AsyncGenerator<MultipartFile> {
  for await (const part of multipartParts(request)) if (part.type === 'file') yield part;
}
