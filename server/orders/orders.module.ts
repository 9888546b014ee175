import { Module } from '@nestjs/common';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

/** Store orders reported by the platforms (verified purchases, purchase conversions, privacy requests). */
@Module({ providers: [OrdersRepository, OrdersService], exports: [OrdersRepository, OrdersService] })
export class OrdersModule {}
