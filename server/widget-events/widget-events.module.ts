import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { WidgetEventsController } from './widget-events.controller.js';
import { WidgetEventsRepository } from './widget-events.repository.js';
import { WidgetEventsService } from './widget-events.service.js';

/** View, play and add-to-cart beacons from the widget, rolled up per day for analytics. */
@Module({
  imports: [AuthModule, StorefrontModule],
  controllers: [WidgetEventsController],
  providers: [WidgetEventsRepository, WidgetEventsService],
})
export class WidgetEventsModule {}
