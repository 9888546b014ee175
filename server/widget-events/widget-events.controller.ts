import { Body, Controller, HttpCode, Options, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZWidgetEvents, ZWidgetEventsRecorded } from '../../shared/storefront.js';
import { allowAnyOrigin, answerPreflight, PREFLIGHT_ANSWER } from '../common/open-cors.js';
import { Inputs } from '../common/route-inputs.js';
import { Answers } from '../common/route-outputs.js';
import { THROTTLED_ANSWER } from '../rate-limits/rate-limits.js';
import { WidgetEventsService } from './widget-events.service.js';

/** Storefront beacons (`navigator.sendBeacon`, text/plain) from any origin. */
@Controller('api/widgets/events')
export class WidgetEventsController {
  constructor(private readonly events: WidgetEventsService) {}

  @Post('/')
  @HttpCode(202)
  @Inputs({ body: ZWidgetEvents })
  @Answers(ZWidgetEventsRecorded, {
    description: 'Taken: `recorded` counts the events kept (what a real widget would not send is dropped quietly).',
    answers: {
      404: { description: 'No store with this id (`unknown_store`).' },
      429: {
        ...THROTTLED_ANSWER,
        description: 'Too many batches from this address, or to this store: retry after `Retry-After` seconds.',
      },
    },
  })
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
  @Answers(null, PREFLIGHT_ANSWER)
  preflight(@Res({ passthrough: true }) reply: FastifyReply): void {
    answerPreflight(reply);
  }
}
