import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../common/api-error.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { WebhookInboxRepository } from '../inbox/webhook-inbox.repository.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import { queueDepth, registry } from './metrics.js';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** `GET /metrics`: Prometheus' text format; with METRICS_TOKEN set, only for `Authorization: Bearer <token>`. */
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly inbox: WebhookInboxRepository,
    private readonly jobs: JobQueue,
  ) {}

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() reply: FastifyReply) {
    const token = this.config.metricsToken;
    if (token && !sameSecret(authorization ?? '', `Bearer ${token}`)) {
      throw ApiError.unauthorized('The metrics need their bearer token.');
    }
    const [{ due, retrying }, jobs] = await Promise.all([this.inbox.pendingCounts(), this.jobs.counts()]);
    queueDepth.reset();
    queueDepth.set({ queue: 'platform_events', state: 'due' }, due);
    queueDepth.set({ queue: 'platform_events', state: 'retrying' }, retrying);
    for (const { queue, ...states } of jobs) {
      for (const [state, count] of Object.entries(states)) queueDepth.set({ queue, state }, count);
    }
    const body = await registry.metrics();
    void reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  }
}
