import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from './api-error.js';
import { invalidInput, isStorable } from './storable-text.js';

// The tus resumable upload protocol 1.0.0 (https://tus.io/protocols/resumable-upload), the parts this app speaks:
// core (HEAD, PATCH), creation, expiration and termination.

export const TUS_VERSION = '1.0.0';
export const TUS_EXTENSIONS = 'creation,expiration,termination';
/** The only body type a chunk may have. */
export const TUS_CHUNK_TYPE = 'application/offset+octet-stream';

/** What a storefront's script must be able to read from an answer on another origin. */
const EXPOSED_HEADERS = [
  'Location',
  'Upload-Offset',
  'Upload-Length',
  'Upload-Expires',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
  'Retry-After',
].join(', ');

/** Every tus answer, errors included: the protocol's version, and readable from any origin. */
export function tusAnswer(reply: FastifyReply): void {
  void reply.headers({
    'tus-resumable': TUS_VERSION,
    'access-control-allow-origin': '*',
    'access-control-expose-headers': EXPOSED_HEADERS,
    'cross-origin-resource-policy': 'cross-origin',
  });
}

/** The answer to OPTIONS: what the server supports (tus discovery), and the CORS preflight of every tus request. */
export function tusOptions(reply: FastifyReply, maxSize: number): void {
  void reply.headers({
    'tus-version': TUS_VERSION,
    'tus-extension': TUS_EXTENSIONS,
    'tus-max-size': String(maxSize),
    'access-control-allow-methods': 'POST, GET, HEAD, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': 'Content-Type, Tus-Resumable, Upload-Length, Upload-Metadata, Upload-Offset',
    'access-control-max-age': '86400',
  });
}

/** 412 unless the client speaks this version (every request but OPTIONS says which it speaks). */
export function requireTusVersion(request: FastifyRequest): void {
  if (request.headers['tus-resumable'] === TUS_VERSION) return;
  throw new ApiError(
    412,
    { detail: `Send Tus-Resumable: ${TUS_VERSION}, the only tus version this server speaks.`, code: 'tus_version' },
    { 'tus-version': TUS_VERSION },
  );
}

/** A header holding a non-negative integer; undefined when absent, 400 when it holds anything else. */
export function integerHeader(request: FastifyRequest, name: string): number | undefined {
  const value = request.headers[name];
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number)) {
    throw ApiError.badRequest(`${headerName(name)} must be a whole number of bytes.`, 'invalid_header', {
      [headerName(name)]: ['A whole number of bytes.'],
    });
  }
  return number;
}

const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

const METADATA_KEY = /^[\x21-\x2b\x2d-\x7e]+$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Upload-Metadata: comma-separated pairs of a key and its value in base64 (the value may be left out). Values are
 * UTF-8 text; anything else, or a key given twice, is 400.
 */
export function uploadMetadata(request: FastifyRequest): Record<string, string> {
  const header = request.headers['upload-metadata'];
  const metadata: Record<string, string> = {};
  if (header === undefined || header === '') return metadata;
  const malformed = () =>
    ApiError.badRequest(
      'Upload-Metadata must be comma-separated pairs of a key and a base64 value.',
      'invalid_header',
      {
        'Upload-Metadata': ['Pairs of a key and a base64 value, separated by commas.'],
      },
    );
  if (typeof header !== 'string' || header.length > 4096) throw malformed();
  for (const pair of header.split(',')) {
    const [key, value = '', ...rest] = pair.trim().split(' ');
    if (rest.length || !METADATA_KEY.test(key) || !BASE64.test(value) || Object.hasOwn(metadata, key)) {
      throw malformed();
    }
    const text = Buffer.from(value, 'base64').toString('utf8');
    if (
      !isStorable(text) ||
      Buffer.from(text, 'utf8').toString('base64').replace(/=+$/, '') !== value.replace(/=+$/, '')
    ) {
      throw invalidInput('Upload-Metadata');
    }
    metadata[key] = text;
  }
  return metadata;
}

/** The protocol's request headers, for the API reference. */
const TUS_RESUMABLE = z.literal(TUS_VERSION).describe('The tus version the client speaks.');
export const ZTusCreationHeaders = z.object({
  'Tus-Resumable': TUS_RESUMABLE,
  'Upload-Length': z.string().regex(/^\d+$/).describe('The size of the whole file in bytes.'),
  'Upload-Metadata': z
    .string()
    .describe(
      '`merchant_id` (the public store id, required) and `filetype`, each as `key base64value`, comma-separated.',
    ),
});
export const ZTusChunkHeaders = z.object({
  'Tus-Resumable': TUS_RESUMABLE,
  'Upload-Offset': z.string().regex(/^\d+$/).describe('Where this chunk starts: the offset HEAD answered.'),
  'Content-Type': z.literal(TUS_CHUNK_TYPE),
});
export const ZTusHeaders = z.object({ 'Tus-Resumable': TUS_RESUMABLE });
