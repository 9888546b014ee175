import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  REQUEST_LOCALES,
  type TRequestLocale,
  type TRequestSkipReason,
  type TRequestSource,
  type TReviewRequestSettings,
} from '../../shared/review-requests.js';
import { PlanLimitsService } from '../billing/plan-limits.service.js';
import { Clock } from '../common/clock.js';
import { SecretBox } from '../common/secret-box.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DomainEvents } from '../events/domain-events.js';
import { MailSuppressionsService } from './mail-suppressions.service.js';
import { ReviewRequestSender } from './review-request-sender.service.js';
import { ReviewRequestSettingsService } from './review-request-settings.service.js';
import {
  ReviewRequestsRepository,
  type NewRequestProduct,
  type NewReviewRequest,
} from './review-requests.repository.js';
import { TOKEN_SEAL_CONTEXT, newRequestToken } from './request-token.js';
import { daysMs, sendInstant, timeZoneOr } from './send-window.js';

/**
 * An order whose trigger happened longer ago than the delay and this many days is not asked about: a platform
 * sends old orders again when they are edited, and their buyers should not get a mail out of the blue.
 */
export const STALE_AFTER_DAYS = 30;

/** Drafts checked together: each check is one query per batch, its parameters well within PostgreSQL's limit. */
const SCHEDULE_BATCH = 1_000;

/** A request made from a draft, and why it was made skipped (null: scheduled). */
export interface ScheduledRequest {
  id: string;
  skipReason: TRequestSkipReason | null;
}

/** One order's buyer and products, from a platform, the API or a CSV import. */
export interface RequestDraft {
  orderId: string | null;
  orderExternalId: string;
  orderName: string;
  email: string;
  customerName: string;
  /** The buyer's language as given (`pt-BR`); the store's main language when it is none of ours. */
  locale: string | null;
  source: TRequestSource;
  cancelled: boolean;
  products: NewRequestProduct[];
}

const TRIGGER_INSTANT: Record<
  TReviewRequestSettings['trigger'],
  (order: { orderedAt: Date; paidAt: Date | null; fulfilledAt: Date | null }) => Date | null
> = {
  created: (order) => order.orderedAt,
  paid: (order) => order.paidAt,
  fulfilled: (order) => order.fulfilledAt,
};

export function requestLocale(given: string | null | undefined, storeLanguage: TRequestLocale): TRequestLocale {
  const code = given?.slice(0, 2).toLowerCase();
  return REQUEST_LOCALES.find((locale) => locale === code) ?? storeLanguage;
}

/**
 * Turns orders into review requests: the store's trigger (created, paid, fulfilled), then its delay, moved into its
 * send window in its time zone. One request per order (or per product), kept by a dedupe key so a second delivery
 * adds nothing; skips (no email, cancelled, suppressed, excluded, reviewed, quota) are recorded with their reason.
 */
@Injectable()
export class ReviewRequestScheduler implements OnModuleInit {
  private readonly box: SecretBox;

  constructor(
    private readonly requests: ReviewRequestsRepository,
    private readonly settings: ReviewRequestSettingsService,
    private readonly suppressions: MailSuppressionsService,
    private readonly limits: PlanLimitsService,
    private readonly sender: ReviewRequestSender,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.secrets.encryptionKey);
  }

  onModuleInit(): void {
    this.events.on('order.recorded', async ({ merchantId, orderId }) => {
      await this.fromOrder(merchantId, orderId);
    });
    this.events.on('order.cancelled', ({ merchantId, orderExternalId }) =>
      this.cancelOrder(merchantId, orderExternalId),
    );
  }

  /** A platform's order: scheduled once the store's trigger happened, unless the store turned requests off. */
  async fromOrder(merchantId: string, orderId: string): Promise<string[]> {
    const settings = await this.settings.of(merchantId);
    if (!settings.enabled) return [];
    const order = await this.requests.orderFor(merchantId, orderId);
    if (!order) return [];
    const base = TRIGGER_INSTANT[settings.trigger](order);
    const stale = this.clock.now().getTime() - daysMs(settings.delay_days + STALE_AFTER_DAYS);
    if (!base || base.getTime() < stale) return [];
    return this.schedule(
      merchantId,
      {
        orderId: order.id,
        orderExternalId: order.externalId,
        orderName: order.name,
        email: order.customerEmail,
        customerName: order.customerName,
        locale: order.customerLocale,
        source: 'platform',
        cancelled: order.cancelledAt !== null,
        products: order.items,
      },
      base,
      settings,
    );
  }

  /** Cancelled or refunded: its requests not sent yet are cancelled, the sent ones send no more reminders. */
  async cancelOrder(merchantId: string, orderExternalId: string): Promise<void> {
    const open = await this.requests.openOfOrder(merchantId, orderExternalId);
    const unsent = open.filter((request) => request.stepsSent === 0).map((request) => request.id);
    await this.requests.close(merchantId, unsent, { status: 'cancelled', at: this.clock.now() });
    await this.requests.stopSending(
      merchantId,
      open.filter((request) => request.stepsSent > 0).map((request) => request.id),
    );
  }

  /** Creates the draft's request(s) from `base` (the trigger's instant); answers the ids created. */
  async schedule(
    merchantId: string,
    draft: RequestDraft,
    base: Date,
    settings?: TReviewRequestSettings,
  ): Promise<string[]> {
    const [made] = await this.scheduleMany(merchantId, [draft], base, settings);
    return (made ?? []).map((request) => request.id);
  }

  /**
   * Creates the drafts' requests from `base`, a batch at a time (an import): the checks (orders asked about,
   * suppressed addresses, reviews already made, the quota) are one query each per batch and the inserts a few
   * statements. Answers per draft the requests made with their skip reason, or null for an order asked about already
   * (before the store changed its shape, say: it is not asked about again).
   */
  async scheduleMany(
    merchantId: string,
    drafts: RequestDraft[],
    base: Date,
    settings?: TReviewRequestSettings,
  ): Promise<Array<ScheduledRequest[] | null>> {
    const config = settings ?? (await this.settings.of(merchantId));
    const store = await this.requests.storeOf(merchantId);
    if (!store) return drafts.map(() => []);
    const now = this.clock.now();
    const window = { start: config.send_window_start, end: config.send_window_end };
    const sendAt = sendInstant(base, config.delay_days, window, timeZoneOr(store.timezone), now);
    const excluded = new Set(config.excluded_product_ids);
    const quota = await this.limits.monthlyRequests(merchantId, now);
    let room = quota.max === null ? Infinity : Math.max(0, quota.max - quota.current);
    const answers: Array<ScheduledRequest[] | null> = [];
    let due = false;
    for (let start = 0; start < drafts.length; start += SCHEDULE_BATCH) {
      const batch = drafts.slice(start, start + SCHEDULE_BATCH);
      const emails = [...new Set(batch.map((draft) => draft.email.trim().toLowerCase()).filter(Boolean))];
      const [asked, suppressed, reviewed] = await Promise.all([
        this.requests.ordersAsked(
          merchantId,
          batch.map((draft) => draft.orderExternalId),
        ),
        this.suppressions.suppressedAmong(merchantId, emails),
        this.requests.reviewedPairs(merchantId, emails, [
          ...new Set(batch.flatMap((draft) => draft.products.map((product) => product.productExternalId))),
        ]),
      ]);
      const planned: Array<Array<{
        request: NewReviewRequest;
        products: NewRequestProduct[];
        skip: TRequestSkipReason | null;
      }> | null> = [];
      for (const draft of batch) {
        if (asked.has(draft.orderExternalId)) {
          planned.push(null);
          continue;
        }
        const email = draft.email.trim().toLowerCase();
        const skipForAll: TRequestSkipReason | null = !email
          ? 'no_email'
          : draft.cancelled
            ? 'order_cancelled'
            : suppressed.has(email)
              ? 'suppressed'
              : null;
        const groups =
          config.shape === 'product'
            ? draft.products.map((product) => ({
                key: `order:${draft.orderExternalId}:${product.productExternalId}`,
                products: [product],
              }))
            : [{ key: `order:${draft.orderExternalId}`, products: draft.products }];
        planned.push(
          groups.map((group) => {
            let products = group.products.filter((product) => !excluded.has(product.productExternalId));
            let skip: TRequestSkipReason | null = skipForAll ?? (products.length ? null : 'excluded_product');
            if (!skip) {
              products = products.filter((product) => !reviewed.has(`${email} ${product.productExternalId}`));
              if (!products.length) skip = 'already_reviewed';
            }
            if (!skip && room <= 0) skip = 'quota_reached';
            if (!skip) room -= 1;
            const token = newRequestToken();
            return {
              request: {
                orderId: draft.orderId,
                orderExternalId: draft.orderExternalId,
                orderName: draft.orderName || `#${draft.orderExternalId}`,
                dedupeKey: group.key,
                customerEmail: email,
                customerName: draft.customerName.trim(),
                locale: requestLocale(draft.locale, store.mainLanguage),
                source: draft.source,
                status: skip ? 'skipped' : 'scheduled',
                skipReason: skip,
                tokenHash: token.hash,
                tokenSealed: this.box.seal(token.token, TOKEN_SEAL_CONTEXT),
                expiresAt: new Date(sendAt.getTime() + daysMs(config.link_lifetime_days)),
                sendAt: skip ? null : sendAt,
                remindersPlanned: config.reminders,
              },
              products: (products.length ? products : group.products).slice(0, config.max_products),
              skip,
            };
          }),
        );
      }
      const made = await this.requests.insertMany(
        merchantId,
        planned.flatMap((items) => items ?? []),
      );
      for (const items of planned) {
        answers.push(
          items &&
            items.flatMap(({ request, skip }) => {
              const id = made.get(request.dedupeKey);
              if (!id) return [];
              if (!skip && sendAt <= now) due = true;
              return [{ id, skipReason: skip }];
            }),
        );
      }
    }
    if (due) await this.sender.poke();
    return answers;
  }
}
