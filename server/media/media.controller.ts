import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MediaService } from './media.service.js';

@Controller('media')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get('*')
  async serve(@Param('*') key: string, @Headers('range') range: string | undefined, @Res() reply: FastifyReply) {
    const { status, headers, body } = await this.media.open(key, range);
    return reply.status(status).headers(headers).send(body);
  }
}
