import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import { DomainEvents } from '../../events/domain-events.js';
import type { InboxEvent } from '../../inbox/webhook-inbox.repository.js';
import { UnprocessableEvent } from '../../inbox/webhook-inbox.service.js';
import { OrdersService } from '../../orders/orders.service.js';
import { CatalogService } from '../../products/catalog.service.js';
import { PlatformError } from '../platform-error.js';
import { StoreConnectionsRepository } from '../store-connections.repository.js';
import { StoreInbox, whileConnected } from '../store-inbox.js';
import { INSTALLED_TOPIC } from '../store-installs.service.js';
import { BigCommerceClient } from './bigcommerce.client.js';
import { BigCommerceCredentialsOf } from './bigcommerce-credentials.js';
import { PROVIDER } from './bigcommerce-connect.service.js';
import { BigCommerceSetupService } from './bigcommerce-setup.service.js';
import {
  ZOrder,
  ZOrderProducts,
  ZProduct,
  ZWebhookBody,
  isOrderNews,
  orderFromApi,
  productFromApi,
} from './bigcommerce.mappers.js';

/** The resource a webhook names; the body carries only its id, the rest is read from the API. */
function resourceId(event: InboxEvent): string {
  const id = ZWebhookBody.parse(event.payload).data?.id;
  if (!id || !/^\d{1,20}$/.test(id)) throw new UnprocessableEvent(`${event.topic} names no resource.`);
  return id;
}

/** What each BigCommerce scope does (EXTERNAL_APIS §2.5), run by the inbox after the webhook was answered. */
@Injectable()
export class BigCommerceWebhookHandlers implements OnModuleInit {
  constructor(
    private readonly inbox: StoreInbox,
    private readonly stores: StoreConnectionsRepository,
    private readonly client: BigCommerceClient,
    private readonly credentials: BigCommerceCredentialsOf,
    private readonly setup: BigCommerceSetupService,
    private readonly catalog: CatalogService,
    private readonly orders: OrdersService,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    const order = whileConnected((merchant, event) => this.recordOrder(merchant, resourceId(event)));
    const product = whileConnected((merchant, event) => this.refreshProduct(merchant, resourceId(event)));
    this.inbox.register(PROVIDER, {
      [INSTALLED_TOPIC]: whileConnected((merchant) => this.setup.afterConnect(merchant.id)),
      'store/order/created': order,
      'store/order/updated': order,
      'store/order/statusUpdated': order,
      'store/product/created': product,
      'store/product/updated': product,
      'store/product/deleted': (merchant, event) => this.catalog.archive(merchant.id, [resourceId(event)]),
      // A BigCommerce app's uninstall (a Store API account has none: the merchant disconnects from the page).
      'store/app/uninstalled': async (merchant, event) => {
        if (await this.stores.disconnect(merchant.id, new Date(event.triggeredAt ?? event.receivedAt))) {
          await this.events.emit('store.disconnected', { merchantId: merchant.id });
        }
      },
    });
  }

  private async recordOrder(merchant: MerchantRow, orderId: string): Promise<void> {
    const credentials = this.credentials.of(merchant);
    const order = ZOrder.parse(await this.client.get(credentials, `/v2/orders/${orderId}`));
    // An incomplete checkout is no purchase; a cancelled or refunded one is recorded to cancel what it started.
    if (!isOrderNews(order)) return;
    const lines = ZOrderProducts.parse(await this.client.get(credentials, `/v2/orders/${orderId}/products`));
    await this.orders.record(merchant.id, orderFromApi(order, lines));
  }

  private async refreshProduct(merchant: MerchantRow, productId: string): Promise<void> {
    const credentials = this.credentials.of(merchant);
    let answer: unknown;
    try {
      answer = await this.client.get(credentials, `/v3/catalog/products/${productId}?include=images,variants`);
    } catch (error) {
      // Deleted since the event was sent.
      if (error instanceof PlatformError && error.status === 404) return this.catalog.archive(merchant.id, [productId]);
      throw error;
    }
    const product = ZProduct.parse((answer as { data?: unknown }).data);
    const storefront = merchant.storeDomain ? `https://${merchant.storeDomain}` : null;
    await this.catalog.apply(merchant.id, [productFromApi(product, merchant.currency, storefront)]);
  }
}
