import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { NotificationPreferencesController, NotificationUnsubscribeController } from './notifications.controller.js';
import { NotificationPreferencesService } from './notification-preferences.service.js';
import { NotificationUnsubscribeService } from './notification-unsubscribe.service.js';
import { NotificationsRepository } from './notifications.repository.js';
import { ReviewNotifier } from './review-notifier.service.js';

/** Issue 25: team notifications of new reviews (each at once, a daily digest, or none), per member. */
@Module({
  imports: [AuthModule, MailModule],
  controllers: [NotificationPreferencesController, NotificationUnsubscribeController],
  providers: [NotificationsRepository, NotificationPreferencesService, NotificationUnsubscribeService, ReviewNotifier],
  exports: [ReviewNotifier],
})
export class NotificationsModule {}
