import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import { DomainEvents } from '../../events/domain-events.js';
import { OrdersService } from '../../orders/orders.service.js';
import { CatalogService } from '../../products/catalog.service.js';
import { customerFromPayload } from '../payload-fields.js';
import { PrivacyService } from '../privacy.service.js';
import { StoreConnectionsRepository } from '../store-connections.repository.js';
import { StoreInbox, type StoreHandler } from '../store-inbox.js';
import type { InboxEvent } from '../../inbox/webhook-inbox.repository.js';
import { INSTALLED_TOPIC } from '../store-installs.service.js';
import { PROVIDER } from './shopify-install.service.js';
import { ShopifyBilling } from './shopify-billing.service.js';
import { ShopifySetupService } from './shopify-setup.service.js';
import {
  ZAppSubscriptionPayload,
  ZDeletedProduct,
  detailsFromShopPayload,
  orderFromPayload,
  productFromPayload,
} from './shopify.mappers.js';

/** What each Shopify topic does (EXTERNAL_APIS §1.2), run by the inbox after the webhook was answered. */
@Injectable()
export class ShopifyWebhookHandlers implements OnModuleInit {
  constructor(
    private readonly inbox: StoreInbox,
    private readonly stores: StoreConnectionsRepository,
    private readonly setup: ShopifySetupService,
    private readonly catalog: CatalogService,
    private readonly orders: OrdersService,
    private readonly privacy: PrivacyService,
    private readonly events: DomainEvents,
    private readonly billing: ShopifyBilling,
  ) {}

  onModuleInit(): void {
    // Every order topic carries the whole order: its state (paid, fulfilled, cancelled, refunded) says what happened.
    const order: StoreHandler = (merchant, event) => this.orders.record(merchant.id, orderFromPayload(event.payload));
    this.inbox.register(PROVIDER, {
      [INSTALLED_TOPIC]: (merchant) => this.setup.afterInstall(merchant.id),
      'app/uninstalled': async (merchant, event) => {
        // Data stays for a re-install; shop/redact erases it 48 h later if none comes.
        const at = new Date(event.triggeredAt ?? event.receivedAt);
        if (await this.stores.disconnect(merchant.id, at)) {
          await this.events.emit('store.disconnected', { merchantId: merchant.id });
        }
      },
      'shop/update': async (merchant, event) => {
        await this.stores.updateDetails(merchant.id, detailsFromShopPayload(event.payload));
        await this.events.emit('store.changed', { merchantId: merchant.id });
      },
      'products/create': (merchant, event) => this.upsertProduct(merchant, event),
      'products/update': (merchant, event) => this.upsertProduct(merchant, event),
      'products/delete': (merchant, event) =>
        this.catalog.archive(merchant.id, [ZDeletedProduct.parse(event.payload).id]),
      'orders/create': order,
      'orders/paid': order,
      'orders/fulfilled': order,
      'orders/updated': order,
      'orders/cancelled': order,
      'customers/data_request': async (merchant, event) => {
        const { customer, requestId } = customerFromPayload(event.payload);
        await this.privacy.sendCustomerExport(merchant, customer, requestId ?? event.eventId);
      },
      'customers/redact': (merchant, event) =>
        this.privacy.redactCustomer(merchant, customerFromPayload(event.payload).customer),
      'app_subscriptions/update': async (merchant, event) => {
        const { app_subscription: charge } = ZAppSubscriptionPayload.parse(event.payload);
        await this.billing.sync(merchant, charge.admin_graphql_api_id, new Date(charge.updated_at ?? event.receivedAt));
      },
      'shop/redact': async (merchant) => {
        // Installed again since: the merchant is back, and their data with them.
        if (merchant.accessTokenEncrypted && !merchant.disconnectedAt) return;
        await this.privacy.eraseStore(merchant);
      },
    });
  }

  private upsertProduct(merchant: MerchantRow, event: InboxEvent): Promise<void> {
    return this.catalog.apply(merchant.id, [
      productFromPayload(event.payload, merchant.currency, merchant.storeDomain),
    ]);
  }
}
