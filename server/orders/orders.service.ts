import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.js';
import { OrdersRepository, type PlatformOrder } from './orders.repository.js';

/** Orders from the store platforms: kept per store so later reviews by their buyers count as verified purchases. */
@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Keeps the order as the platform reports it. A cancelled (or fully refunded) order is no purchase: it is not
   * recorded, only marked on an order already held, and what it started stops ('order.cancelled').
   */
  async record(merchantId: string, order: PlatformOrder): Promise<void> {
    if (order.cancelledAt) {
      await this.orders.markCancelled(merchantId, order.externalId, order.cancelledAt);
      await this.events.emit('order.cancelled', { merchantId, orderExternalId: order.externalId });
      return;
    }
    const normalized = { ...order, customerEmail: order.customerEmail.trim().toLowerCase() };
    const { id, firstSeen } = await this.orders.upsert(merchantId, normalized);
    await this.events.emit('order.recorded', {
      merchantId,
      customerEmail: normalized.customerEmail,
      productExternalIds: [...new Set(order.items.map((item) => item.productExternalId))],
      sessionId: order.sessionId,
      firstSeen,
      orderId: id,
      orderExternalId: order.externalId,
    });
  }

  hasBought(merchantId: string, email: string, productExternalId: string): Promise<boolean> {
    return this.orders.hasBought(merchantId, email, productExternalId);
  }
}
