import { Global, Injectable, Module } from '@nestjs/common';

/**
 * The time, for rules that depend on it (a review request's send instant, its reminders, a link's expiry). Tests
 * replace `now` on the app's instance to move time without waiting.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
