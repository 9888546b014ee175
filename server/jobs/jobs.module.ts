import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from './job-queue.service.js';
import { JobsRepository } from './jobs.repository.js';

const PRUNE_EVERY_S = 60 * 60;

/** The job queue every module puts background work on (registered in each module's `onModuleInit`). */
@Global()
@Module({ providers: [JobsRepository, JobQueue], exports: [JobQueue] })
export class JobsModule implements OnModuleInit {
  constructor(private readonly jobs: JobQueue) {}

  onModuleInit(): void {
    this.jobs.register('jobs-prune', { handle: async () => void (await this.jobs.prune()) });
    this.jobs.every('jobs-prune', PRUNE_EVERY_S);
  }
}
