import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MediaDeliveryService } from './media-delivery.service.js';

/** A repeated parameter is no valid link: it reaches the signature check as an empty string. */
const single = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : '';

@Controller('media')
export class MediaController {
  constructor(private readonly delivery: MediaDeliveryService) {}

  @Get('*')
  async serve(
    @Param('*') key: string,
    @Query() query: Record<string, unknown>,
    @Headers('range') range: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    const { status, headers, body } = await this.delivery.open(key, {
      range,
      ifNoneMatch,
      expires: single(query.expires),
      signature: single(query.signature),
    });
    return reply.status(status).headers(headers).send(body);
  }
}
