import { desc, sql, type SQL } from 'drizzle-orm';
import { reviews } from '../database/schema.js';

/** Rows per statement when a whole store's reviews are written out (an export, a feed): one batch in memory at a time. */
export const REVIEW_BATCH = 500;

/** Newest first, the id breaking ties: the order `afterReview` pages through. */
export const NEWEST_FIRST = [desc(reviews.createdAt), desc(reviews.id)];

/**
 * The reviews after the review `afterId` in NEWEST_FIRST order (keyset paging: each batch costs the same). The
 * cursor's time is read in the statement: a JavaScript date would drop its microseconds, and lose or repeat rows.
 */
export function afterReview(afterId: string | null): SQL | undefined {
  if (afterId === null) return undefined;
  return sql`(${reviews.createdAt}, ${reviews.id}) < ((select r.created_at from reviews r where r.id = ${afterId}), ${afterId}::uuid)`;
}

/** Batch after batch of `next` (each read after the last review of the one before) until one comes back short. */
export async function* reviewBatches<T>(
  next: (afterId: string | null) => Promise<T[]>,
  idOf: (row: T) => string,
): AsyncGenerator<T[]> {
  let after: string | null = null;
  for (;;) {
    const batch = await next(after);
    if (batch.length) yield batch;
    if (batch.length < REVIEW_BATCH) return;
    after = idOf(batch[batch.length - 1]);
  }
}
