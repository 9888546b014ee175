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
import { ReviewRequestsRepository, type NewRequestProduct } from './review-requests.repository.js';
import { TOKEN_SEAL_CONTEXT, newRequestToken } from './request-token.js';
import { daysMs, sendInstant, timeZoneOr } from './send-window.js';

/**
 * An order whose trigger happened longer ago than the delay and this many days is not asked about: a platform
 * sends old orders again when they are edited, and their buyers should not get a mail out of the blue.
 */
export const STALE_AFTER_DAYS = 30;

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
    // An order asked about already (before the store changed its shape, say) is not asked about again.
    if (await this.requests.hasOrder(merchantId, draft.orderExternalId)) return [];
    const config = settings ?? (await this.settings.of(merchantId));
    const store = await this.requests.storeOf(merchantId);
    if (!store) return [];
    const now = this.clock.now();
    const email = draft.email.trim().toLowerCase();
    const window = { start: config.send_window_start, end: config.send_window_end };
    const sendAt = sendInstant(base, config.delay_days, window, timeZoneOr(store.timezone), now);
    const excluded = new Set(config.excluded_product_ids);
    const groups =
      config.shape === 'product'
        ? draft.products.map((product) => ({
            key: `order:${draft.orderExternalId}:${product.productExternalId}`,
            products: [product],
          }))
        : [{ key: `order:${draft.orderExternalId}`, products: draft.products }];
    const skipForAll = await this.skipForBuyer(merchantId, email, draft.cancelled);
    const created: string[] = [];
    let due = false;
    for (const group of groups) {
      let products = group.products.filter((product) => !excluded.has(product.productExternalId));
      let skip: TRequestSkipReason | null = skipForAll ?? (products.length ? null : 'excluded_product');
      if (!skip) {
        const reviewed = new Set(
          (
            await this.requests.reviewedBy(
              merchantId,
              email,
              products.map((product) => product.productExternalId),
            )
          ).map((row) => row.externalId),
        );
        products = products.filter((product) => !reviewed.has(product.productExternalId));
        if (!products.length) skip = 'already_reviewed';
      }
      if (!skip && (await this.limits.monthlyRequests(merchantId, now)).reached_limit) skip = 'quota_reached';
      const listed = (products.length ? products : group.products).slice(0, config.max_products);
      const token = newRequestToken();
      const id = await this.requests.insert(
        merchantId,
        {
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
        listed,
      );
      if (!id) continue;
      created.push(id);
      if (!skip && sendAt <= now) due = true;
    }
    if (due) await this.sender.poke();
    return created;
  }

  /** What stops every request of this buyer: no address, a cancelled order, an address on the suppression list. */
  private async skipForBuyer(
    merchantId: string,
    email: string,
    cancelled: boolean,
  ): Promise<TRequestSkipReason | null> {
    if (!email) return 'no_email';
    if (cancelled) return 'order_cancelled';
    if (await this.suppressions.isSuppressed(merchantId, email)) return 'suppressed';
    return null;
  }
}
