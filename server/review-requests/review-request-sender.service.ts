import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { TReviewRequestSettings } from '../../shared/review-requests.js';
import { Clock } from '../common/clock.js';
import { SecretBox } from '../common/secret-box.js';
import { addressOf, type AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import { MailService, permanentRefusal } from '../mail/mail.service.js';
import { MailSuppressionsService } from './mail-suppressions.service.js';
import { requestMail } from './review-request-mail.js';
import { ReviewRequestSettingsService } from './review-request-settings.service.js';
import {
  ReviewRequestsRepository,
  type RequestStore,
  type RequestWithProducts,
  type ReviewRequestRow,
} from './review-requests.repository.js';
import { TOKEN_SEAL_CONTEXT } from './request-token.js';
import { daysMs, intoWindow, timeZoneOr } from './send-window.js';

export const DISPATCH_QUEUE = 'review-request-dispatch';
export const SEND_QUEUE = 'review-request-send';
/** The dispatcher's period: each run hands each store up to its rate a minute. */
const DISPATCH_EVERY_S = 60;
/** How long a sender holds (request, step): past it, another may take the step (its sender died). */
const SEND_LEASE_MS = 5 * 60_000;
/**
 * Mails sent at once per instance: as many as the mail service's SMTP connections, so no claimed mail waits for one,
 * and few enough that recording a sent mail does not queue behind the others' checks for a database connection (the
 * longer that takes, the wider the window in which a crash repeats a mail).
 */
const SEND_CONCURRENCY = 8;
/** Same as the recurring schedule's key, so a poke and a scheduled run waiting are one job. */
const DISPATCH_KEY = 'scheduled';

interface SendJob extends Record<string, unknown> {
  merchantId: string;
  id: string;
  step: number;
}

/** Why a mail due now is not sent after all, and what becomes of its request. */
type Stop = { status: ReviewRequestRow['status']; skipReason?: 'suppressed' | 'already_reviewed' } | 'reviewed';

/**
 * Sends review request mails through the job queue. A recurring dispatcher finds due mails (`send_at` passed) within
 * each store's rate a minute and queues one send job per (request, step), keyed `${id}:${step}`. The job claims the
 * step with a conditional update (a lease, and only while it is the next step), so each step goes once across
 * instances; it checks the request still may be sent, sends, and records it with the next reminder's instant.
 */
@Injectable()
export class ReviewRequestSender implements OnModuleInit {
  private readonly logger = new Logger(ReviewRequestSender.name);
  private readonly box: SecretBox;

  constructor(
    private readonly requests: ReviewRequestsRepository,
    private readonly settings: ReviewRequestSettingsService,
    private readonly suppressions: MailSuppressionsService,
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.box = new SecretBox(config.secrets.encryptionKey);
  }

  onModuleInit(): void {
    this.jobs.register(DISPATCH_QUEUE, {
      handle: async () => {
        await this.dispatch();
      },
      attempts: 3,
      backoffMs: 10_000,
    });
    this.jobs.every(DISPATCH_QUEUE, DISPATCH_EVERY_S, DISPATCH_KEY);
    // A mail server that is down is retried with backoff (1 min, 2 min … about 2 hours over the attempts).
    this.jobs.register<SendJob>(SEND_QUEUE, {
      handle: (job) => this.send(job),
      concurrency: SEND_CONCURRENCY,
      attempts: 8,
      backoffMs: 60_000,
    });
  }

  /** Where the mails' links point (`/r/{token}`, `/u/{token}`). */
  get publicUrl(): string {
    return this.config.publicUrl;
  }

  /** Looks for due mails now (after scheduling one due at once, or a "send now"). */
  async poke(): Promise<void> {
    await this.jobs.enqueue(DISPATCH_QUEUE, {}, { key: DISPATCH_KEY });
  }

  /** Queues the due mails of every store, each within its rate a minute. */
  async dispatch(): Promise<number> {
    const now = this.clock.now();
    let queued = 0;
    for (const merchantId of await this.requests.storesDue(now)) {
      const { rate_per_minute: rate } = await this.settings.of(merchantId);
      const room = rate - (await this.requests.recentlySent(merchantId, now));
      const due = await this.requests.due(merchantId, now, room);
      await this.jobs.enqueueMany(
        SEND_QUEUE,
        due.map(({ id, step }) => ({ payload: { merchantId, id, step } satisfies SendJob, key: `${id}:${step}` })),
      );
      queued += due.length;
    }
    return queued;
  }

  /** Sends step `step` of the request, once: a step already sent, or held by another sender, is left alone. */
  async send({ merchantId, id, step }: SendJob): Promise<void> {
    const now = this.clock.now();
    const request = await this.requests.claim(merchantId, id, step, now, new Date(now.getTime() + SEND_LEASE_MS));
    if (!request) return;
    const [stop, settings, store] = await Promise.all([
      this.stopReason(merchantId, request, step, now),
      this.settings.of(merchantId),
      this.requests.storeOf(merchantId),
    ]);
    if (stop === 'reviewed') return this.requests.release(merchantId, id, step, null);
    if (stop) return this.requests.close(merchantId, [id], { ...stop, at: now });
    try {
      await this.mail.send(this.compose(request, step, settings, store));
    } catch (error) {
      const refusal = permanentRefusal(error);
      if (!refusal) {
        await this.requests.release(merchantId, id, step, error instanceof Error ? error.message : String(error));
        throw error;
      }
      // Refused for good (no such mailbox…): never mailed again by this store.
      await this.suppressions.suppress(merchantId, request.customerEmail, 'bounced', { detail: refusal });
      await this.requests.close(merchantId, [id], { status: 'failed', lastError: refusal, at: now });
      this.logger.warn({ requestId: id, merchantId }, 'A review request was refused by the mail server');
      return;
    }
    const expiresAt = step === 1 ? new Date(now.getTime() + daysMs(settings.link_lifetime_days)) : request.expiresAt;
    await this.requests.recordSent(
      merchantId,
      id,
      step,
      now,
      this.nextReminder(request, step, now, expiresAt, settings, store),
      expiresAt,
    );
  }

  /** The mail as the buyer gets it: from the store's name, replies to its address, with the one-click unsubscribe. */
  compose(request: RequestWithProducts, step: number, settings: TReviewRequestSettings, store: RequestStore | null) {
    const token = this.box.open(request.tokenSealed, TOKEN_SEAL_CONTEXT);
    const reviewUrl = `${this.publicUrl}/r/${token}`;
    const unsubscribeUrl = `${this.publicUrl}/u/${token}`;
    const storeName = store?.storeName || this.config.publicUrl;
    const content = requestMail({
      locale: request.locale,
      storeName,
      customerName: request.customerName,
      products: request.products
        .filter((product) => product.reviewedAt === null)
        .map((product) => ({ id: product.productExternalId, name: product.name, imageUrl: product.imageUrl })),
      template: settings.templates[request.locale],
      reviewUrl,
      unsubscribeUrl,
    });
    return {
      // One Message-ID per (request, step): the one repeat a crash can cause (accepted, then not recorded) carries the
      // same id, which mailbox providers drop as a duplicate.
      messageId: `<${request.id}.${step}@${addressOf(this.config.mail.from).split('@').pop()}>`,
      to: request.customerEmail,
      ...content,
      fromName: storeName,
      replyTo: settings.reply_to ?? undefined,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  /** Re-checked at send time: the address suppressed, the order cancelled, the products reviewed, the link expired. */
  private async stopReason(
    merchantId: string,
    request: RequestWithProducts,
    step: number,
    now: Date,
  ): Promise<Stop | null> {
    const first = step === 1;
    // A reminder that is not sent leaves the request as it was (sent, opened): only its mails stop.
    const stopped: Stop = { status: request.status };
    const open = request.products.filter((product) => product.reviewedAt === null);
    const [suppressed, cancelled, reviewed] = await Promise.all([
      this.suppressions.isSuppressed(merchantId, request.customerEmail),
      this.requests.orderCancelled(merchantId, request.orderExternalId),
      this.requests.reviewedBy(
        merchantId,
        request.customerEmail,
        open.map((product) => product.productExternalId),
      ),
    ]);
    if (suppressed) return first ? { status: 'skipped', skipReason: 'suppressed' } : stopped;
    if (cancelled) return first ? { status: 'cancelled' } : stopped;
    if (first) {
      return !open.length || reviewed.length === open.length
        ? { status: 'skipped', skipReason: 'already_reviewed' }
        : null;
    }
    if (reviewed.length) {
      // Reviewed through the widget meanwhile: the request is reviewed, and sends no more reminders.
      for (const review of reviewed) {
        await this.requests.markReviewed(merchantId, {
          email: request.customerEmail,
          productExternalId: review.externalId,
          reviewId: review.reviewId,
          requestId: request.id,
          at: now,
        });
      }
      return 'reviewed';
    }
    return request.expiresAt <= now ? stopped : null;
  }

  /** The next reminder's instant, in the send window, while the link lives; null after the last. */
  private nextReminder(
    request: ReviewRequestRow,
    step: number,
    now: Date,
    expiresAt: Date,
    settings: TReviewRequestSettings,
    store: RequestStore | null,
  ): Date | null {
    if (step > request.remindersPlanned) return null;
    const next = intoWindow(
      new Date(now.getTime() + daysMs(settings.reminder_interval_days)),
      { start: settings.send_window_start, end: settings.send_window_end },
      timeZoneOr(store?.timezone),
    );
    return next < expiresAt ? next : null;
  }
}
