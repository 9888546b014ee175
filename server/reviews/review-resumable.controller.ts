import { Controller, Delete, Get, HttpCode, Options, Patch, Post, Req, Res, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TResumableUpload } from '../../shared/reviews.js';
import { Inputs } from '../common/route-inputs.js';
import { TUS_CHUNK_TYPE, tusAnswer, ZTusChunkHeaders, ZTusCreationHeaders, ZTusHeaders } from '../common/tus.js';
import { ReviewResumableService } from './review-resumable.service.js';

const PATH = '/api/reviews/uploads';
const UPLOAD = { params: z.object({ id: z.uuid() }) };

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
  protocolOptions(@Res({ passthrough: true }) reply: FastifyReply): void {
    this.uploads.describe(reply);
  }

  @Options(':id')
  @HttpCode(204)
  @Inputs(UPLOAD)
  uploadOptions(@Res({ passthrough: true }) reply: FastifyReply): void {
    this.uploads.describe(reply);
  }

  @Post('/')
  @HttpCode(201)
  @Inputs({ headers: ZTusCreationHeaders })
  startUpload(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TResumableUpload> {
    return this.uploads.start(request, reply);
  }

  /** Answers HEAD too (Fastify runs it without the body): the tus offset request. */
  @Get(':id')
  @Inputs({ ...UPLOAD, headers: ZTusHeaders })
  uploadOffset(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TResumableUpload> {
    return this.uploads.status(request, reply);
  }

  @Patch(':id')
  @HttpCode(204)
  @Inputs({ ...UPLOAD, headers: ZTusChunkHeaders, bytes: TUS_CHUNK_TYPE })
  appendChunk(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    return this.uploads.append(request, reply);
  }

  @Delete(':id')
  @HttpCode(204)
  @Inputs({ ...UPLOAD, headers: ZTusHeaders })
  cancelUpload(@Req() request: FastifyRequest): Promise<void> {
    return this.uploads.cancel(request);
  }
}
