import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { TReviewRequestSettings } from '../../shared/review-requests.js';
import { Clock } from '../common/clock.js';
import { DomainEvents } from '../events/domain-events.js';
import { SecretBox } from '../common/secret-box.js';
import { addressOf, type AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import { MailService, permanentRefusal } from '../mail/mail.service.js';
import { MailSuppressionsService } from './mail-suppressions.service.js';
import { requestMail } from './review-request-mail.js';
import { ReviewRequestSettingsService, mergedSettings } from './review-request-settings.service.js';
import {
  ReviewRequestsRepository,
  type RequestStore,
  type RequestWithProducts,
  type ReviewRequestRow,
  type SentStep,
} from './review-requests.repository.js';
import { TOKEN_SEAL_CONTEXT } from './request-token.js';
import { daysMs, intoWindow, timeZoneOr } from './send-window.js';

export const DISPATCH_QUEUE = 'review-request-dispatch';
export const SEND_QUEUE = 'review-request-send';
/** The dispatcher's period: each run hands each store up to its rate a minute. */
const DISPATCH_EVERY_S = 60;
/** Mails one send job takes: its claim, checks and records are a few statements for the lot, not a few per mail. */
export const SEND_BATCH = 25;
/** Mails of a batch in flight at once: as many as the mail service's SMTP connections. */
const MAILS_AT_ONCE = 8;
/** Batches one instance sends at once: while one waits for the database, the other's mails go. */
const BATCHES_AT_ONCE = 2;
/** Stores the dispatcher reads at once: two statements per chunk, each with a parameter or two per store. */
const DISPATCH_CHUNK = 1_000;
/** Same as the recurring schedule's key, so a poke and a scheduled run waiting are one job. */
const DISPATCH_KEY = 'scheduled';

interface SendJob extends Record<string, unknown> {
  merchantId: string;
  /** Mails to take, at most: the dispatcher spreads the store's room in its rate over its jobs. */
  limit: number;
}

/** Why a mail due now is not sent after all, and what becomes of its request. */
type Stop =
  | { status: ReviewRequestRow['status']; skipReason?: 'suppressed' | 'already_reviewed' }
  | { reviewed: Array<{ externalId: string; reviewId: string }> };

/** What the checks at send time found for a batch's buyers. */
interface Found {
  suppressed: Set<string>;
  cancelled: Set<string>;
  reviews: Map<string, Array<{ externalId: string; reviewId: string }>>;
}

/**
 * Sends review request mails through the job queue. A recurring dispatcher counts each store's due mails (`send_at`
 * passed) within its rate a minute and queues send jobs of up to SEND_BATCH mails, keyed by store and place, so a
 * second dispatch finds them waiting. A send job claims its mails with one conditional update (a lease on each
 * request's next step, skipping those another sender holds), so each step goes once across instances; it checks them
 * all at once (suppressed, cancelled, reviewed), sends, and records the sent ones as they go, a statement for all
 * that were sent while the one before ran.
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
    private readonly events: DomainEvents,
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
      handle: async (job) => {
        await this.sendDue(job);
      },
      concurrency: BATCHES_AT_ONCE,
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

  /**
   * Queues the due mails of every store, each within its rate a minute: a few queries per DISPATCH_CHUNK stores, not a
   * few per store, so a pass over every store of a large deployment ends well within its period.
   */
  async dispatch(): Promise<number> {
    const now = this.clock.now();
    const stores = await this.requests.storesDue(now);
    let queued = 0;
    for (let start = 0; start < stores.length; start += DISPATCH_CHUNK) {
      const chunk = await this.requests.settingsAndRecentlySent(stores.slice(start, start + DISPATCH_CHUNK), now);
      const room = new Map(
        chunk.map(({ merchantId, settings, taken }) => [merchantId, mergedSettings(settings).rate_per_minute - taken]),
      );
      const due = await this.requests.dueCounts(now, room);
      await this.jobs.enqueueMany(
        SEND_QUEUE,
        [...due].flatMap(([merchantId, count]) =>
          Array.from({ length: Math.ceil(count / SEND_BATCH) }, (_, place) => ({
            payload: { merchantId, limit: Math.min(SEND_BATCH, count - place * SEND_BATCH) } satisfies SendJob,
            key: `${merchantId}:${place}`,
          })),
        ),
      );
      for (const count of due.values()) queued += count;
    }
    return queued;
  }

  /**
   * Sends up to `limit` of the store's due mails within its rate a minute, each (request, step) once: a step already
   * sent, or held by another sender, is not taken. A mail server that fails for now stops the batch: what is left is given back, and the job
   * throws for its retry. Answers the mails sent.
   */
  async sendDue({ merchantId, limit = SEND_BATCH }: SendJob): Promise<number> {
    // A job queued before batches (one mail each: no `limit`) takes a batch.
    const now = this.clock.now();
    const settings = await this.settings.of(merchantId);
    const until = new Date(now.getTime() + this.config.reviewRequestSendLeaseMs);
    const claimed = await this.requests.claimDue(merchantId, now, until, limit, settings.rate_per_minute);
    if (!claimed.length) return 0;
    const [found, store] = await Promise.all([this.find(merchantId, claimed), this.requests.storeOf(merchantId)]);
    const sendable: RequestWithProducts[] = [];
    for (const request of claimed) {
      const stop = this.stopReason(request, found, now);
      if (!stop) sendable.push(request);
      else if ('reviewed' in stop) await this.reviewedMeanwhile(merchantId, request, stop.reviewed, now);
      else await this.requests.close(merchantId, [request.id], { ...stop, at: now });
    }

    const recorder = new SentSteps(async (steps) => {
      await this.requests.recordSent(merchantId, now, steps);
      const requestIds = steps.map((step) => step.id);
      // Recorded: a subscriber's failure (logged by the emitter) must not stop the batch.
      await this.events.emit('requests.sent', { merchantId, requestIds }).catch(() => undefined);
    });
    const unsent: RequestWithProducts[] = [];
    let failure: unknown = null;
    let next = 0;
    const sender = async () => {
      while (next < sendable.length) {
        const request = sendable[next++];
        if (failure || recorder.failed) {
          unsent.push(request);
          continue;
        }
        const step = request.sendingStep!;
        try {
          await this.mail.send(this.compose(request, step, settings, store));
        } catch (error) {
          const refusal = permanentRefusal(error);
          if (refusal) await this.refused(merchantId, request, refusal, now);
          else {
            failure ??= error;
            unsent.push(request);
          }
          continue;
        }
        const expiresAt =
          step === 1 ? new Date(now.getTime() + daysMs(settings.link_lifetime_days)) : request.expiresAt;
        recorder.add({
          id: request.id,
          step,
          next: this.nextReminder(request, step, now, expiresAt, settings, store),
          expiresAt,
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(MAILS_AT_ONCE, sendable.length) }, sender));
    await recorder.settled();
    if (unsent.length) {
      const reason = failure ?? recorder.failed;
      await this.requests.release(
        merchantId,
        unsent.map((request) => ({ id: request.id, step: request.sendingStep! })),
        reason instanceof Error ? reason.message : String(reason),
      );
    }
    if (failure) throw failure;
    if (recorder.failed) throw recorder.failed;
    return recorder.count;
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

  /** What the checks at send time need of the batch's buyers, in three statements for the lot. */
  private async find(merchantId: string, requests: RequestWithProducts[]): Promise<Found> {
    const emails = [...new Set(requests.map((request) => request.customerEmail))];
    const productIds = [
      ...new Set(requests.flatMap((request) => request.products.map((product) => product.productExternalId))),
    ];
    const [suppressed, cancelled, reviews] = await Promise.all([
      this.suppressions.suppressedAmong(merchantId, emails),
      this.requests.cancelledOrders(merchantId, [...new Set(requests.map((request) => request.orderExternalId))]),
      this.requests.reviewsBy(
        merchantId,
        emails.map((email) => email.toLowerCase()),
        productIds,
      ),
    ]);
    const byEmail = new Map<string, Array<{ externalId: string; reviewId: string }>>();
    for (const review of reviews) byEmail.set(review.email, [...(byEmail.get(review.email) ?? []), review]);
    return { suppressed, cancelled, reviews: byEmail };
  }

  /** Re-checked at send time: the address suppressed, the order cancelled, the products reviewed, the link expired. */
  private stopReason(request: RequestWithProducts, found: Found, now: Date): Stop | null {
    const first = request.sendingStep === 1;
    // A reminder that is not sent leaves the request as it was (sent, opened): only its mails stop.
    const stopped: Stop = { status: request.status };
    const open = new Set(
      request.products.filter((product) => product.reviewedAt === null).map((product) => product.productExternalId),
    );
    const reviewed = (found.reviews.get(request.customerEmail.toLowerCase()) ?? []).filter((review) =>
      open.has(review.externalId),
    );
    if (found.suppressed.has(request.customerEmail)) {
      return first ? { status: 'skipped', skipReason: 'suppressed' } : stopped;
    }
    if (found.cancelled.has(request.orderExternalId)) return first ? { status: 'cancelled' } : stopped;
    if (first)
      return !open.size || reviewed.length === open.size ? { status: 'skipped', skipReason: 'already_reviewed' } : null;
    // Reviewed through the widget meanwhile: the request is reviewed, and sends no more reminders.
    if (reviewed.length) return { reviewed };
    return request.expiresAt <= now ? stopped : null;
  }

  private async reviewedMeanwhile(
    merchantId: string,
    request: RequestWithProducts,
    reviewed: Array<{ externalId: string; reviewId: string }>,
    now: Date,
  ): Promise<void> {
    const requestIds = new Set<string>();
    for (const review of reviewed) {
      const marked = await this.requests.markReviewed(merchantId, {
        email: request.customerEmail,
        productExternalId: review.externalId,
        reviewId: review.reviewId,
        requestId: request.id,
        at: now,
      });
      for (const id of marked) requestIds.add(id);
    }
    if (requestIds.size) {
      await this.events.emit('requests.reviewed', { merchantId, requestIds: [...requestIds] }).catch(() => undefined);
    }
    await this.requests.release(merchantId, [{ id: request.id, step: request.sendingStep! }], null);
  }

  /** Refused for good (no such mailbox…): never mailed again by this store. */
  private async refused(merchantId: string, request: RequestWithProducts, refusal: string, now: Date): Promise<void> {
    await this.suppressions.suppress(merchantId, request.customerEmail, 'bounced', { detail: refusal });
    await this.requests.close(merchantId, [request.id], { status: 'failed', lastError: refusal, at: now });
    this.logger.warn({ requestId: request.id, merchantId }, 'A review request was refused by the mail server');
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

/**
 * Records a batch's sent steps as they go: each statement takes every step sent while the one before ran, so the
 * database sees a few statements for the batch, and a mail waits at most one statement to be recorded (the window
 * in which a crash would send it again). After a failure it records nothing more: `failed` says why.
 */
class SentSteps {
  count = 0;
  failed: unknown = null;
  private pending: SentStep[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly record: (steps: SentStep[]) => Promise<void>) {}

  add(step: SentStep): void {
    this.pending.push(step);
    this.running ??= this.drain();
  }

  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length && !this.failed) {
        const steps = this.pending;
        this.pending = [];
        await this.record(steps);
        this.count += steps.length;
      }
    } catch (error) {
      this.failed = error;
    } finally {
      this.running = null;
    }
  }
}
