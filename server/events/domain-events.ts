import { Global, Injectable, Logger, Module } from '@nestjs/common';
import type { TModerationAction } from '../../shared/reviews.js';

/**
 * What happened in one domain that others act on (DESIGN §11.3). The emitter knows nothing of who listens: caches,
 * the verified-purchase marker and conversion tracking subscribe from their own modules.
 */
export interface DomainEventMap {
  /** A store's platform connection was made or renewed, or its details (name, language, time zone) changed. */
  'store.changed': { merchantId: string };
  /** The platform app was uninstalled (the storefront stops), or the store was erased (`storeId` names it then). */
  'store.disconnected': { merchantId: string; storeId?: string };
  /** Products were created, renamed or archived from the platform. */
  'catalog.changed': { merchantId: string; productIds: string[] };
  /** An order was recorded (or updated): its buyer's reviews of these products are verified purchases. */
  'order.recorded': {
    merchantId: string;
    customerEmail: string;
    productExternalIds: string[];
    /** The widget session the cart carried, recorded once per order. */
    sessionId: string | null;
    firstSeen: boolean;
    /** The order's row and platform id, for what the order starts (a review request). */
    orderId: string;
    orderExternalId: string;
  };
  /** An order was cancelled or refunded in full: what it started and has not happened yet stops. */
  'order.cancelled': { merchantId: string; orderExternalId: string };
  /**
   * A customer's personal data was erased (privacy request): reviews and events changed. `email` and the platform
   * ids of their orders name what else of theirs goes (review requests).
   */
  'customer.redacted': { merchantId: string; email: string | null; orderExternalIds: string[] };
  /**
   * A review was submitted (widget, dashboard, or a review request's hosted page, which names its request): the
   * buyer's open review requests for that product stop their reminders.
   */
  'review.submitted': {
    merchantId: string;
    reviewId: string;
    customerEmail: string;
    productExternalId: string;
    requestId?: string | null;
  };
  /**
   * A review can be published now: its media were processed, or it had none to process (at submission). The store's
   * automatic moderation rules apply here.
   */
  'review.publishable': { merchantId: string; reviewId: string };
  /** The merchant changed a review's comment or product: what the content filter found may have changed. */
  'review.edited': { merchantId: string; reviewId: string };
  /**
   * These reviews were approved, rejected, restored or deleted (one, a bulk action's chunk, or the store's rules
   * publishing one automatically).
   */
  'reviews.moderated': { merchantId: string; action: TModerationAction; reviewIds: string[] };
  /** The store replied to a review publicly, or changed its reply. */
  'review.replied': { merchantId: string; reviewId: string };
  /** A shopper asked a question on the storefront. */
  'question.created': { merchantId: string; questionId: string };
  /** Review requests' mails went out (a first mail or a reminder). */
  'requests.sent': { merchantId: string; requestIds: string[] };
  /** A buyer opened a review request's link for the first time. */
  'request.opened': { merchantId: string; requestId: string };
  /** Review requests got their first review (through their link, or from their buyer another way). */
  'requests.reviewed': { merchantId: string; requestIds: string[] };
  /** A customer's review requests were erased (after `customer.redacted`). */
  'requests.erased': { merchantId: string };
}

export type DomainEventType = keyof DomainEventMap;
type Handler<K extends DomainEventType> = (payload: DomainEventMap[K]) => Promise<void> | void;

@Injectable()
export class DomainEvents {
  private readonly logger = new Logger(DomainEvents.name);
  private readonly handlers = new Map<DomainEventType, Array<Handler<never>>>();

  on<K extends DomainEventType>(type: K, handler: Handler<K>): void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as Handler<never>);
    this.handlers.set(type, list);
  }

  /**
   * Runs every subscriber, in subscription order, after the change was committed. A failing subscriber does not stop
   * the others; the first failure is rethrown once all ran, so a retried webhook redoes the (idempotent) work.
   */
  async emit<K extends DomainEventType>(type: K, payload: DomainEventMap[K]): Promise<void> {
    let failure: unknown;
    for (const handler of this.handlers.get(type) ?? []) {
      try {
        await (handler as Handler<K>)(payload);
      } catch (error) {
        this.logger.error({ err: error, event: type }, 'A subscriber failed');
        failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
  }
}

@Global()
@Module({ providers: [DomainEvents], exports: [DomainEvents] })
export class EventsModule {}
