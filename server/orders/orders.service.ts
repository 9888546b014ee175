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

  async record(merchantId: string, order: PlatformOrder): Promise<void> {
    const normalized = { ...order, customerEmail: order.customerEmail.trim().toLowerCase() };
    const { firstSeen } = await this.orders.upsert(merchantId, normalized);
    await this.events.emit('order.recorded', {
      merchantId,
      customerEmail: normalized.customerEmail,
      productExternalIds: [...new Set(order.items.map((item) => item.productExternalId))],
      sessionId: order.sessionId,
      firstSeen,
    });
  }

  hasBought(merchantId: string, email: string, productExternalId: string): Promise<boolean> {
    return this.orders.hasBought(merchantId, email, productExternalId);
  }
}
