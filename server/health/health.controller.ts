import { Controller, Get } from '@nestjs/common';
import { ZLiveness, ZNotReady, ZReadiness, type TLiveness, type TReadiness } from '../../shared/health.js';
import { Answers } from '../common/route-outputs.js';
import { HealthService } from './health.service.js';

@Controller('api')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('health')
  @Answers(ZLiveness, { description: 'The process serves requests.' })
  live(): TLiveness {
    return { status: 'ok' };
  }

  @Get('ready')
  @Answers(ZReadiness, {
    description: 'The database answers: keep the instance in the load balancer (`degraded` names what it lacks).',
    answers: { 503: { description: 'The database does not answer: take the instance out.', body: ZNotReady } },
  })
  ready(): Promise<TReadiness> {
    return this.health.readiness();
  }
}
