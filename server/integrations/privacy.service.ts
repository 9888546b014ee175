import { Inject, Injectable, Logger } from '@nestjs/common';
import type { MerchantRow } from '../accounts/accounts.repository.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DomainEvents } from '../events/domain-events.js';
import { MailQueue } from '../mail/mail.queue.js';
import { customerDataRequestMail } from '../mail/mail.templates.js';
import { MediaUrls } from '../media/media-urls.js';
import { MediaService } from '../media/media.service.js';
import { OrdersRepository, type CustomerRef } from '../orders/orders.repository.js';
import { ReviewsRepository } from '../reviews/reviews.repository.js';
import { HelpfulVotesRepository } from '../helpful-votes/helpful-votes.repository.js';
import { WidgetEventsRepository } from '../widget-events/widget-events.repository.js';
import { StoreErasureRepository } from './store-erasure.repository.js';

/** How long the media links in a customer data export (mailed to the store's owners) keep working. */
const EXPORT_LINK_DAYS = 7;

const PLATFORM_NAMES: Record<MerchantRow['platform'], string> = {
  shopify: 'Shopify',
  bigcommerce: 'BigCommerce',
  tiendanube: 'Tienda Nube',
};

/**
 * Privacy requests a platform passes on (Shopify's mandatory topics, Tienda Nube's LGPD ones), the same for every
 * platform: export a customer's data to the store, erase a customer, erase a whole store. Every step can run again
 * after a crash with the same outcome.
 */
@Injectable()
export class PrivacyService {
  private readonly logger = new Logger(PrivacyService.name);

  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly orders: OrdersRepository,
    private readonly widgetEvents: WidgetEventsRepository,
    private readonly helpfulVotes: HelpfulVotesRepository,
    private readonly erasure: StoreErasureRepository,
    private readonly accounts: AccountsRepository,
    private readonly media: MediaService,
    private readonly mediaUrls: MediaUrls,
    private readonly mail: MailQueue,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async sessionsOf(merchant: MerchantRow, customer: CustomerRef, reviewSessions: string[]): Promise<string[]> {
    return [...new Set([...reviewSessions, ...(await this.orders.sessionsOf(merchant.id, customer))])];
  }

  /** Everything kept about the customer in this store, as a JSON document. */
  async exportCustomer(
    merchant: MerchantRow,
    customer: CustomerRef,
    requestId: string,
  ): Promise<Record<string, unknown>> {
    const email = customer.email?.toLowerCase() ?? '';
    const reviews = email ? await this.reviews.ofCustomer(merchant.id, email) : [];
    const sessions = await this.sessionsOf(
      merchant,
      customer,
      reviews.map(({ review }) => review.sessionId).filter((s): s is string => s !== null),
    );
    // Signed: the customer's reviews may be pending, rejected or deleted, whose files are not public.
    const expires = Math.floor(Date.now() / 1000) + EXPORT_LINK_DAYS * 24 * 60 * 60;
    const absolute = (key: string | null) =>
      key ? new URL(this.mediaUrls.signed(key, expires), this.config.publicUrl).href : null;
    return {
      data_request_id: requestId,
      generated_at: new Date().toISOString(),
      store: { name: merchant.storeName, store_id: merchant.storeId, platform: merchant.platform },
      customer: { email: customer.email, id: customer.externalId },
      reviews: reviews.map(({ review, product }) => ({
        id: review.id,
        product: { id: product.externalId, name: product.name },
        status: review.status,
        deleted_at: review.deletedAt?.toISOString() ?? null,
        customer_name: review.customerName,
        customer_email: review.customerEmail,
        rating: review.rating,
        comment: review.comment,
        verified_purchase: review.verifiedPurchase,
        video_url: absolute(review.videoKey),
        photo_url: absolute(review.photoKey),
        thumbnail_url: absolute(review.thumbnailKey),
        created_at: review.createdAt.toISOString(),
      })),
      orders: (await this.orders.ofCustomer(merchant.id, customer)).map((order) => ({
        id: order.externalId,
        name: order.name,
        email: order.customerEmail,
        ordered_at: order.orderedAt.toISOString(),
        fulfilled_at: order.fulfilledAt?.toISOString() ?? null,
        items: order.items.map((item) => ({
          product_id: item.productExternalId,
          title: item.title,
          quantity: item.quantity,
        })),
      })),
      widget_events: (await this.widgetEvents.ofSessions(merchant.id, sessions)).map((event) => ({
        session_id: event.sessionId,
        type: event.type,
        at: event.at.toISOString(),
      })),
    };
  }

  /** Sends the export to the store's owners, in the store's language. */
  async sendCustomerExport(merchant: MerchantRow, customer: CustomerRef, requestId: string): Promise<void> {
    const document = await this.exportCustomer(merchant, customer, requestId);
    const owners = await this.accounts.ownerEmails(merchant.workspaceId);
    if (!owners.length) {
      this.logger.warn({ merchantId: merchant.id }, 'A customer data request for a store without owners was not sent');
      return;
    }
    const who = customer.email ?? customer.externalId ?? 'unknown';
    const content = customerDataRequestMail(merchant.mainLanguage, {
      link: new URL('/reviews', this.config.publicUrl).href,
      storeName: merchant.storeName || merchant.storeId,
      customer: who,
      platform: PLATFORM_NAMES[merchant.platform],
    });
    const safeId = requestId.replace(/[^\w-]/g, '').slice(0, 60) || 'request';
    const attachment = {
      filename: `customer-data-${safeId}.json`,
      content: JSON.stringify(document, null, 2),
      contentType: 'application/json',
    };
    for (const to of owners) await this.mail.queue({ to, ...content, attachments: [attachment] });
  }

  /**
   * Anonymises the customer's reviews, deletes their media, their widget sessions' events and helpful votes, and their
   * orders.
   */
  async redactCustomer(merchant: MerchantRow, customer: CustomerRef): Promise<void> {
    const email = customer.email?.toLowerCase() ?? '';
    const traces = email ? await this.reviews.customerTraces(merchant.id, email) : { keys: [], sessions: [] };
    const sessions = await this.sessionsOf(merchant, customer, traces.sessions);
    for (const key of traces.keys) await this.media.delete(key);
    if (email) await this.reviews.anonymiseCustomer(merchant.id, email, traces.keys);
    await this.widgetEvents.deleteSessions(merchant.id, sessions);
    await this.helpfulVotes.deleteSessions(merchant.id, sessions);
    const orderExternalIds = (await this.orders.ofCustomer(merchant.id, customer)).map((order) => order.externalId);
    await this.orders.deleteOfCustomer(merchant.id, customer);
    await this.events.emit('customer.redacted', {
      merchantId: merchant.id,
      email: email || null,
      orderExternalIds: [...new Set([...orderExternalIds, ...customer.orderExternalIds])],
    });
  }

  /** Erases the store: its media, its workspace and data, and accounts that belonged to nothing else. */
  async eraseStore(merchant: MerchantRow): Promise<void> {
    const keys = await this.erasure.mediaKeys(merchant.id, merchant.workspaceId);
    for (const key of keys) await this.media.delete(key);
    await this.erasure.erase(merchant.id, merchant.workspaceId);
    // Its row is gone: the public id comes with the event, so lookups cached under it go too.
    await this.events.emit('store.disconnected', { merchantId: merchant.id, storeId: merchant.storeId });
  }
}
