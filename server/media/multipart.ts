import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error.js';

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

/** The parts of a multipart request in order, parser failures mapped to API errors. */
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
    yield step.value;
  }
}

/** Only the file parts; field parts are skipped. */
export async function* fileParts(request: FastifyRequest): AsyncGenerator<MultipartFile> {
  for await (const part of multipartParts(request)) if (part.type === 'file') yield part;
}
