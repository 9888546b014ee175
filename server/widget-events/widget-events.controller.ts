import { Body, Controller, HttpCode, Options, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WidgetEventsService } from './widget-events.service.js';

/** Storefront beacons (`navigator.sendBeacon`, text/plain) from any origin. */
@Controller('api/widgets/events')
export class WidgetEventsController {
  constructor(private readonly events: WidgetEventsService) {}

  @Post('/')
  @HttpCode(202)
  record(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ recorded: number }> {
    // No-cors beacons: the answer must be readable cross-origin, or Chromium reports it blocked.
    void reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
    return this.events.record(body, request.ip);
  }

  @Options('/')
  @HttpCode(204)
  preflight(@Res({ passthrough: true }) reply: FastifyReply): void {
    void reply.headers({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': 'Content-Type',
      'access-control-max-age': '86400',
    });
  }
}
