import { Body, Controller, HttpCode, Options, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZWidgetEvents } from '../../shared/storefront.js';
import { allowAnyOrigin, answerPreflight } from '../common/open-cors.js';
import { Inputs } from '../common/route-inputs.js';
import { WidgetEventsService } from './widget-events.service.js';

/** Storefront beacons (`navigator.sendBeacon`, text/plain) from any origin. */
@Controller('api/widgets/events')
export class WidgetEventsController {
  constructor(private readonly events: WidgetEventsService) {}

  @Post('/')
  @HttpCode(202)
  @Inputs({ body: ZWidgetEvents })
  record(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ recorded: number }> {
    allowAnyOrigin(reply);
    return this.events.record(body, request.ip);
  }

  @Options('/')
  @HttpCode(204)
  preflight(@Res({ passthrough: true }) reply: FastifyReply): void {
    answerPreflight(reply);
  }
}
