import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gte, ne, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { readOnce, renderReadKeys, type RenderReads } from '../database/render-reads.js';
import { reviewCounters, reviewImportCounters, reviewRequests } from '../database/schema.js';
import { usageOf, type ReviewUsage } from './usage.js';

const merchant = sql.placeholder('merchant');

/** What the store uses of its plan, from the review counters a trigger keeps (migration 0004). */
@Injectable()
export class ReviewUsageRepository {
  private readonly statements = new PreparedStatements('review_usage');

  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Review requests the store made since `since`, skipped ones left out: what the monthly quota counts. */
  async requestsSince(merchantId: string, since: Date): Promise<number> {
    const [row] = await this.database.db
      .select({ n: count() })
      .from(reviewRequests)
      .where(
        and(
          eq(reviewRequests.merchantId, merchantId),
          gte(reviewRequests.createdAt, since),
          ne(reviewRequests.status, 'skipped'),
        ),
      );
    return row.n;
  }

  /** Imported reviews (review_import_counters) are left out: a store's history brought in counts against no limit. */
  async usage(merchantId: string, reads?: RenderReads): Promise<ReviewUsage> {
    // Read on most dashboard pages (the plan's usage): prepared statements.
    const [all, imported] = await Promise.all([
      // The same rows as ReviewsRepository.counters: a page showing both reads them once.
      readOnce(reads, renderReadKeys.reviewCounters(merchantId), () =>
        this.statements
          .get('counters', (name) =>
            this.database.db.select().from(reviewCounters).where(eq(reviewCounters.merchantId, merchant)).prepare(name),
          )
          .execute({ merchant: merchantId }),
      ),
      this.statements
        .get('import_counters', (name) =>
          this.database.db
            .select()
            .from(reviewImportCounters)
            .where(eq(reviewImportCounters.merchantId, merchant))
            .prepare(name),
        )
        .execute({ merchant: merchantId }),
    ]);
    const [usage, left] = [usageOf(all), usageOf(imported)];
    return { active: usage.active - left.active, total: usage.total - left.total };
  }
}
