import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { reviewCounters } from '../database/schema.js';
import { usageOf, type ReviewUsage } from './usage.js';

/** What the store uses of its plan, from the review counters a trigger keeps (migration 0004). */
@Injectable()
export class ReviewUsageRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async usage(merchantId: string): Promise<ReviewUsage> {
    return usageOf(
      await this.database.db.select().from(reviewCounters).where(eq(reviewCounters.merchantId, merchantId)),
    );
  }
}
