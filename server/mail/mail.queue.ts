import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SecretBox } from '../common/secret-box.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import { MailService, type OutgoingMail } from './mail.service.js';

const QUEUE = 'mail';
/** What a queued mail is sealed with: its links are as good as passwords while they live. */
const SEAL_CONTEXT = 'mail-job';

/**
 * Mail sent in the background: a job that retries a mail server that is down with backoff (30 s, 1 min … over
 * about an hour). The job's payload is encrypted, since it holds the mail's links. `MailService.send` stays for
 * the answers that depend on delivery (an invitation, an email change link).
 */
@Injectable()
export class MailQueue implements OnModuleInit {
  private readonly box: SecretBox;

  constructor(
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.secrets.encryptionKey);
  }

  onModuleInit(): void {
    this.jobs.register<{ sealed: string }>(QUEUE, {
      concurrency: 4,
      attempts: 8,
      handle: ({ sealed }) => this.mail.send(JSON.parse(this.box.open(sealed, SEAL_CONTEXT)) as OutgoingMail),
    });
  }

  async queue(message: OutgoingMail): Promise<void> {
    await this.jobs.enqueue(QUEUE, { sealed: this.box.seal(JSON.stringify(message), SEAL_CONTEXT) });
  }
}
