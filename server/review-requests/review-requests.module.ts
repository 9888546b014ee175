import { Module } from '@nestjs/common';

/** Review requests (issue 24): mails to buyers after their orders, reminders, the hosted review page's links. */
@Module({})
export class ReviewRequestsModule {}
