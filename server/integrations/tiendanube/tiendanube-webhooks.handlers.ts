import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import { DomainEvents } from '../../events/domain-events.js';
import type { InboxEvent } from '../../inbox/webhook-inbox.repository.js';
import { UnprocessableEvent } from '../../inbox/webhook-inbox.service.js';
import { OrdersService } from '../../orders/orders.service.js';
import { CatalogService } from '../../products/catalog.service.js';
import { customerFromPayload } from '../payload-fields.js';
import { PlatformError } from '../platform-error.js';
import { PrivacyService } from '../privacy.service.js';
import { StoreConnectionsRepository } from '../store-connections.repository.js';
import { StoreInbox, whileConnected } from '../store-inbox.js';
import { INSTALLED_TOPIC } from '../store-installs.service.js';
import { TiendaNubeClient } from './tiendanube.client.js';
import { PROVIDER } from './tiendanube-install.service.js';
import { TiendaNubeSetupService } from './tiendanube-setup.service.js';
import { TiendaNubeStoreOf } from './tiendanube-store.js';
import { ZOrder, ZProduct, ZWebhookBody, orderFromApi, productFromApi } from './tiendanube.mappers.js';

function resourceId(event: InboxEvent): string {
  const id = ZWebhookBody.parse(event.payload).id;
  if (!id || !/^\d{1,20}$/.test(id)) throw new UnprocessableEvent(`${event.topic} names no resource.`);
  return id;
}

/** What each Tienda Nube event does (EXTERNAL_APIS §3.3), the same effects as Shopify's topics. */
@Injectable()
export class TiendaNubeWebhookHandlers implements OnModuleInit {
  constructor(
    private readonly inbox: StoreInbox,
    private readonly stores: StoreConnectionsRepository,
    private readonly client: TiendaNubeClient,
    private readonly storeOf: TiendaNubeStoreOf,
    private readonly setup: TiendaNubeSetupService,
    private readonly catalog: CatalogService,
    private readonly orders: OrdersService,
    private readonly privacy: PrivacyService,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    const order = whileConnected((merchant, event) => this.recordOrder(merchant, resourceId(event)));
    const product = whileConnected((merchant, event) => this.refreshProduct(merchant, resourceId(event)));
    this.inbox.register(PROVIDER, {
      [INSTALLED_TOPIC]: (merchant) => this.setup.afterInstall(merchant.id),
      'app/uninstalled': async (merchant, event) => {
        // Data stays for a re-install; store/redact erases it 48 h later if none comes.
        if (await this.stores.disconnect(merchant.id, new Date(event.triggeredAt ?? event.receivedAt))) {
          await this.events.emit('store.disconnected', { merchantId: merchant.id });
        }
      },
      'order/created': order,
      'order/paid': order,
      'order/fulfilled': order,
      'order/cancelled': order,
      'product/created': product,
      'product/updated': product,
      'product/deleted': (merchant, event) => this.catalog.archive(merchant.id, [resourceId(event)]),
      'customers/data_request': async (merchant, event) => {
        const { customer, requestId } = customerFromPayload(event.payload);
        await this.privacy.sendCustomerExport(merchant, customer, requestId ?? event.eventId);
      },
      'customers/redact': (merchant, event) =>
        this.privacy.redactCustomer(merchant, customerFromPayload(event.payload).customer),
      'store/redact': async (merchant) => {
        // Installed again since: the merchant is back, and their data with them.
        if (merchant.accessTokenEncrypted && !merchant.disconnectedAt) return;
        await this.privacy.eraseStore(merchant);
      },
    });
  }

  private async recordOrder(merchant: MerchantRow, orderId: string): Promise<void> {
    const { body } = await this.client.get(this.storeOf.of(merchant), `/orders/${orderId}`);
    const order = ZOrder.parse(body);
    // A cancelled order is recorded too: it cancels the review requests it started.
    await this.orders.record(merchant.id, orderFromApi(order));
  }

  private async refreshProduct(merchant: MerchantRow, productId: string): Promise<void> {
    let body: unknown;
    try {
      ({ body } = await this.client.get(this.storeOf.of(merchant), `/products/${productId}`));
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) return this.catalog.archive(merchant.id, [productId]);
      throw error;
    }
    await this.catalog.apply(merchant.id, [
      productFromApi(ZProduct.parse(body), merchant.mainLanguage, merchant.currency),
    ]);
  }
}
