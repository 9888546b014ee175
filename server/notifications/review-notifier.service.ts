import { TZDate } from '@date-fns/tz';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DIGEST_TIME, LOW_RATING_MAX } from '../../shared/notifications.js';
import { Clock } from '../common/clock.js';
import { addressOf, type AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DomainEvents } from '../events/domain-events.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import { MailService, type OutgoingMail } from '../mail/mail.service.js';
import { timeZoneOr } from '../review-requests/send-window.js';
import { DIGEST_SHOWN, digestMail, newReviewMail } from './notification-mail.js';
import { NotificationsRepository, type NotifyStore, type Recipient } from './notifications.repository.js';
import { UnsubscribeTokens } from './unsubscribe-token.js';

export const REVIEW_QUEUE = 'team-notify-review';
export const DIGEST_DISPATCH_QUEUE = 'team-digest-dispatch';
export const DIGEST_QUEUE = 'team-digest';
/** How often the dispatcher looks for stores whose DIGEST_TIME has come. */
const DISPATCH_EVERY_S = 5 * 60;
const DISPATCH_KEY = 'scheduled';
/** How long a sender holds a (member, mail) it is sending: past it, a retry may take it (its sender died). */
const CLAIM_MS = 5 * 60_000;
/** What was sent is kept this long: well past any retry of the job that sent it. */
const KEEP_SENT_MS = 30 * 24 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const [DIGEST_HOUR, DIGEST_MINUTE] = DIGEST_TIME.split(':').map(Number);

interface ReviewJob extends Record<string, unknown> {
  merchantId: string;
  reviewId: string;
}

interface DigestJob extends Record<string, unknown> {
  merchantId: string;
  /** The store-local day (YYYY-MM-DD) whose digest this is. */
  date: string;
}

/** The store-local day of `at` in `zone`, and that day's digest instant. */
export function digestDay(at: Date, zone: string): { date: string; digestAt: Date } {
  const local = new TZDate(at.getTime(), zone);
  const digestAt = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    DIGEST_HOUR,
    DIGEST_MINUTE,
    0,
    0,
    zone,
  );
  const date = [local.getFullYear(), local.getMonth() + 1, local.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return { date, digestAt: new Date(digestAt.getTime()) };
}

/**
 * Team notifications of new reviews, through the job queue. A submitted review puts one job on the queue; it mails
 * each member who wants it at once (each new review, or 2 stars or fewer with that toggle on). A dispatcher finds
 * the stores whose 09:00 has come and queues their day's digest, which mails each digest member the reviews since
 * their last one (nothing when there are none). Each (member, review) and (member, day) is claimed in
 * `notification_sends` before its mail and recorded after it, so a retried job or a second instance sends nothing
 * twice; a failed mail gives its claim back for the retry.
 */
@Injectable()
export class ReviewNotifier implements OnModuleInit {
  private readonly logger = new Logger(ReviewNotifier.name);
  private readonly tokens: UnsubscribeTokens;

  constructor(
    private readonly repository: NotificationsRepository,
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tokens = new UnsubscribeTokens(config.secrets.encryptionKey);
  }

  onModuleInit(): void {
    this.events.on('review.submitted', async ({ merchantId, reviewId }) => {
      await this.jobs.enqueue(REVIEW_QUEUE, { merchantId, reviewId } satisfies ReviewJob, { key: reviewId });
    });
    this.jobs.register<ReviewJob>(REVIEW_QUEUE, {
      handle: async (job) => void (await this.notifyReview(job)),
      concurrency: 2,
      attempts: 8,
      backoffMs: 30_000,
    });
    this.jobs.register(DIGEST_DISPATCH_QUEUE, {
      handle: async () => void (await this.dispatchDigests()),
      attempts: 3,
      backoffMs: 10_000,
    });
    this.jobs.every(DIGEST_DISPATCH_QUEUE, DISPATCH_EVERY_S, DISPATCH_KEY);
    this.jobs.register<DigestJob>(DIGEST_QUEUE, {
      handle: async (job) => void (await this.sendDigests(job)),
      concurrency: 2,
      attempts: 8,
      backoffMs: 60_000,
    });
  }

  /** The unsubscribe link's token of a membership. */
  unsubscribeToken(membershipId: string): string {
    return this.tokens.issue(membershipId);
  }

  /** Looks for due digests now, as the recurring dispatcher does. */
  async pokeDigests(): Promise<void> {
    await this.jobs.enqueue(DIGEST_DISPATCH_QUEUE, {}, { key: DISPATCH_KEY });
  }

  /** Mails the review to every member who wants it at once; answers how many mails went. */
  async notifyReview({ merchantId, reviewId }: ReviewJob): Promise<number> {
    const [review, store] = await Promise.all([
      this.repository.review(merchantId, reviewId),
      this.repository.store(merchantId),
    ]);
    if (!review || !store) return 0;
    const low = review.rating <= LOW_RATING_MAX;
    const wanting = (await this.repository.recipients(merchantId)).filter(
      (member) => member.newReviews === 'instant' || (low && member.lowRatingInstant),
    );
    return this.sendEach(wanting, `review:${reviewId}`, async (member) => {
      await this.mail.send(
        this.compose(member, `review.${reviewId}`, (links) =>
          newReviewMail(store.mainLanguage, {
            ...links,
            storeName: this.storeName(store),
            firstName: member.firstName,
            review,
          }),
        ),
      );
      return { mailed: true };
    });
  }

  /** Queues the day's digest of every store whose DIGEST_TIME has come and has a digest member not yet served. */
  async dispatchDigests(): Promise<number> {
    const now = this.clock.now();
    const due: DigestJob[] = [];
    for (const { merchantId, timezone } of await this.repository.digestStores()) {
      const { date, digestAt } = digestDay(now, timeZoneOr(timezone));
      if (now >= digestAt) due.push({ merchantId, date });
    }
    const waiting = await this.repository.unservedDigests(due);
    await this.jobs.enqueueMany(
      DIGEST_QUEUE,
      waiting.map((job) => ({ payload: job, key: `${job.merchantId}:${job.date}` })),
    );
    await this.repository.prune(new Date(now.getTime() - KEEP_SENT_MS));
    return waiting.length;
  }

  /** The store's digests of `date`: each digest member once, with the reviews since their last digest. */
  async sendDigests({ merchantId, date }: DigestJob): Promise<number> {
    const store = await this.repository.store(merchantId);
    if (!store) return 0;
    const zone = timeZoneOr(store.timezone);
    const [year, month, day] = date.split('-').map(Number);
    const { digestAt } = digestDay(new TZDate(year, month - 1, day, 12, 0, 0, 0, zone), zone);
    const members = (await this.repository.recipients(merchantId)).filter((member) => member.newReviews === 'digest');
    return this.sendEach(members, `digest:${date}`, async (member) => {
      const now = this.clock.now();
      // Joined the digest after this day's: their first is tomorrow's.
      if (member.lastDigestAt && member.lastDigestAt >= digestAt) return { mailed: false };
      const from = member.lastDigestAt ?? new Date(digestAt.getTime() - DAY_MS);
      const found = await this.repository.submittedBetween(merchantId, from, now, DIGEST_SHOWN);
      if (found.total > 0) {
        await this.mail.send(
          this.compose(member, `digest.${date}`, (links) =>
            digestMail(store.mainLanguage, {
              ...links,
              storeName: this.storeName(store),
              firstName: member.firstName,
              reviews: found.reviews,
              total: found.total,
            }),
          ),
        );
      }
      return { mailed: found.total > 0, digestUntil: now };
    });
  }

  /**
   * Runs `send` for each member whose (member, key) this call claims, then records it sent (with the digest period's
   * new start, for a digest) in one transaction. A failed mail gives its claim back; the others still go, and the
   * first failure is thrown for the job's retry. Answers the mails sent.
   */
  private async sendEach(
    members: Recipient[],
    key: string,
    send: (member: Recipient) => Promise<{ mailed: boolean; digestUntil?: Date }>,
  ): Promise<number> {
    let sent = 0;
    let failure: unknown = null;
    for (const member of members) {
      const now = this.clock.now();
      if (!(await this.repository.claim(member.membershipId, key, now, new Date(now.getTime() + CLAIM_MS)))) continue;
      try {
        const { mailed, digestUntil } = await send(member);
        await this.repository.markSent(member.membershipId, key, this.clock.now(), digestUntil);
        if (mailed) sent += 1;
      } catch (error) {
        this.logger.warn({ err: error, membershipId: member.membershipId, key }, 'A team notification failed');
        await this.repository.release(member.membershipId, key);
        failure ??= error;
      }
    }
    if (failure) throw failure;
    return sent;
  }

  private storeName(store: NotifyStore): string {
    return store.storeName || this.config.publicUrl;
  }

  private compose(
    member: Recipient,
    id: string,
    content: (links: { reviewsUrl: string; settingsUrl: string; unsubscribeUrl: string }) => {
      subject: string;
      text: string;
      html: string;
    },
  ): OutgoingMail {
    const unsubscribeUrl = new URL(`/n/${this.tokens.issue(member.membershipId)}`, this.config.publicUrl).href;
    const links = {
      reviewsUrl: new URL('/reviews', this.config.publicUrl).href,
      settingsUrl: new URL('/settings/account', this.config.publicUrl).href,
      unsubscribeUrl,
    };
    return {
      // One Message-ID per (member, mail): a repeat a crash could cause is dropped by mailbox providers.
      messageId: `<${id}.${member.membershipId}@${addressOf(this.config.mail.from).split('@').pop()}>`,
      to: member.email,
      ...content(links),
      link: links.reviewsUrl,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }
}
