import { Controller, Delete, Get, HttpCode, Options, Patch, Post, Req, Res, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZResumableUpload, type TResumableUpload } from '../../shared/reviews.js';
import { Inputs } from '../common/route-inputs.js';
import { Answers, type RouteAnswer, type RouteOutputs } from '../common/route-outputs.js';
import { TUS_CHUNK_TYPE, tusAnswer, ZTusChunkHeaders, ZTusCreationHeaders, ZTusHeaders } from '../common/tus.js';
import { RateLimited } from '../rate-limits/rate-limit.guard.js';
import { THROTTLED_ANSWER } from '../rate-limits/rate-limits.js';
import { ReviewResumableService } from './review-resumable.service.js';

const PATH = '/api/reviews/uploads';
const UPLOAD = { params: z.object({ id: z.uuid() }) };

// What the tus routes answer, for the API document: tus's headers on every answer, and its refusals.
const TUS_RESUMABLE = { 'Tus-Resumable': 'The tus version the server speaks, `1.0.0` (on every answer, errors too).' };
const WHERE_IT_STANDS = {
  ...TUS_RESUMABLE,
  'Upload-Offset': 'The bytes stored so far: where the next chunk starts.',
  'Upload-Expires': 'When an upload not complete by then is removed (an HTTP date).',
};
const DISCOVERY: Omit<RouteOutputs, 'body'> = {
  description: 'What the server speaks (tus discovery), and the CORS preflight of every tus request from any origin.',
  headers: {
    ...TUS_RESUMABLE,
    'Tus-Version': '`1.0.0`.',
    'Tus-Extension': '`creation,expiration,termination`.',
    'Tus-Max-Size': 'The largest video the server takes, in bytes.',
    'Access-Control-Allow-Methods': 'The tus methods.',
    'Access-Control-Allow-Headers': 'The tus request headers.',
  },
};
const WRONG_VERSION: RouteAnswer = {
  description: 'No `Tus-Resumable: 1.0.0` (`tus_version`): the answer names the version in `Tus-Version`.',
  headers: { ...TUS_RESUMABLE, 'Tus-Version': '`1.0.0`.' },
};
const EXPIRED: RouteAnswer = { description: 'The upload expired (`upload_expired`): start it again.' };
const LOCKED: RouteAnswer = {
  description: 'Another request is writing to the upload (`upload_locked`): ask where it stands (HEAD) once it ends.',
};
const THROTTLED = { ...THROTTLED_ANSWER, headers: { ...THROTTLED_ANSWER.headers, ...TUS_RESUMABLE } };

/**
 * Resumable review videos over tus 1.0.0, from storefronts on any origin: POST starts one, HEAD says where it stands,
 * PATCH appends a chunk, DELETE cancels. The review itself is then posted to /api/reviews/upload/ with `upload_id`.
 */
@Controller('api/reviews/uploads')
export class ReviewResumableController implements OnModuleInit {
  constructor(
    private readonly uploads: ReviewResumableService,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  /**
   * Chunks reach the handler unread (it streams them to storage), and every answer under the path carries the tus
   * version and CORS headers, the refusals Fastify makes before the handler included.
   */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addContentTypeParser(TUS_CHUNK_TYPE, (_request, _payload, done) => done(null));
    fastify.addHook('onRequest', (request, reply, done) => {
      if (request.url.startsWith(PATH)) tusAnswer(reply);
      done();
    });
  }

  @Options('/')
  @HttpCode(204)
  @Answers(null, DISCOVERY)
  protocolOptions(@Res({ passthrough: true }) reply: FastifyReply): void {
    this.uploads.describe(reply);
  }

  @Options(':id')
  @HttpCode(204)
  @Inputs(UPLOAD)
  @Answers(null, DISCOVERY)
  uploadOptions(@Res({ passthrough: true }) reply: FastifyReply): void {
    this.uploads.describe(reply);
  }

  @Post('/')
  @HttpCode(201)
  @RateLimited('resumableStart')
  @Inputs({ headers: ZTusCreationHeaders })
  @Answers(ZResumableUpload, {
    description: 'The upload, started for the store `merchant_id` names: send its chunks to `Location`.',
    headers: { ...WHERE_IT_STANDS, Location: 'The upload’s URL, relative to the API’s origin.' },
    answers: {
      412: WRONG_VERSION,
      413: { description: '`Upload-Length` is more than the largest video the server takes (`Tus-Max-Size`).' },
      415: { description: 'The `filetype` in `Upload-Metadata` is not a video the server takes.' },
      429: THROTTLED,
    },
  })
  startUpload(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TResumableUpload> {
    return this.uploads.start(request, reply);
  }

  /** Answers HEAD too (Fastify runs it without the body): the tus offset request. */
  @Get(':id')
  @RateLimited('resumableRequest')
  @Inputs({ ...UPLOAD, headers: ZTusHeaders })
  @Answers(ZResumableUpload, {
    description: 'Where the upload stands; HEAD (the tus offset request) answers the same headers and no body.',
    headers: { ...WHERE_IT_STANDS, 'Upload-Length': 'The size of the whole file, as declared.' },
    answers: {
      410: EXPIRED,
      412: { ...WRONG_VERSION, description: `HEAD only: ${WRONG_VERSION.description}` },
      429: THROTTLED,
    },
  })
  uploadOffset(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TResumableUpload> {
    return this.uploads.status(request, reply);
  }

  @Patch(':id')
  @HttpCode(204)
  @RateLimited('resumableRequest')
  @Inputs({ ...UPLOAD, headers: ZTusChunkHeaders, bytes: TUS_CHUNK_TYPE })
  @Answers(null, {
    description: 'The chunk is stored; the upload is complete once `Upload-Offset` reaches its length.',
    headers: WHERE_IT_STANDS,
    answers: {
      409: {
        description: '`Upload-Offset` is not where the upload stands (`offset_mismatch`): ask (HEAD) and resume.',
      },
      413: { description: 'The chunk goes past the upload’s declared length.' },
      415: {
        description:
          `The chunk is not \`${TUS_CHUNK_TYPE}\`, or the file’s first bytes are not a video the server takes ` +
          '(the upload is removed then).',
      },
      410: EXPIRED,
      412: WRONG_VERSION,
      423: LOCKED,
      429: THROTTLED,
      503: {
        description:
          'The database is unreachable for a moment, or the upload could not be kept for this request ' +
          '(`upload_lock_lost`): ask where it stands and go on.',
      },
    },
  })
  appendChunk(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    return this.uploads.append(request, reply);
  }

  @Delete(':id')
  @HttpCode(204)
  @RateLimited('resumableRequest')
  @Inputs({ ...UPLOAD, headers: ZTusHeaders })
  @Answers(null, {
    description: 'Cancelled: the upload and its bytes are removed.',
    headers: TUS_RESUMABLE,
    answers: { 412: WRONG_VERSION, 423: LOCKED, 429: THROTTLED },
  })
  cancelUpload(@Req() request: FastifyRequest): Promise<void> {
    return this.uploads.cancel(request);
  }
}
