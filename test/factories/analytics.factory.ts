import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../server/database/database.js';
import { widgetEventDaily } from '../../server/database/schema.js';
import { ReviewsRepository } from '../../server/reviews/reviews.repository.js';
import type { TReviewStatus } from '../../shared/reviews.js';

/** A store's calendar day `daysAgo` days before its today, computed here independently of the server's helpers. */
export function localDay(daysAgo: number, zone = 'UTC'): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - daysAgo);
  return date.toISOString().slice(0, 10);
}

export interface DatedReview {
  product: string;
  daysAgo: number;
  status: TReviewStatus;
  rating: number;
  deleted?: boolean;
}

/**
 * Reviews received at noon, store time, a given number of days ago: products through the real repository, the
 * reviews written straight to the table (no call sets a past date), so the database's triggers keep the rollups
 * as they do for any review. Their ids, in order.
 */
export async function insertDatedReviews(
  handle: DatabaseHandle,
  merchantId: string,
  rows: DatedReview[],
  zone = 'UTC',
): Promise<string[]> {
  const repository = new ReviewsRepository(handle);
  const products = new Map<string, string>();
  for (const name of new Set(rows.map((row) => row.product))) {
    const externalId = name.toLowerCase().replaceAll(' ', '-');
    products.set(name, (await repository.upsertProduct(merchantId, { externalId, name })).id);
  }
  const ids: string[] = [];
  for (const row of rows) {
    const [inserted] = await handle.rows<{ id: string }>(sql`
      insert into reviews (merchant_id, product_id, status, rating, created_at, deleted_at)
      values (${merchantId}, ${products.get(row.product)}, ${row.status}, ${row.rating},
        (${localDay(row.daysAgo, zone)}::date + time '12:00') at time zone ${zone},
        ${row.deleted ? sql`now()` : sql`null`})
      returning id`);
    ids.push(inserted.id);
  }
  return ids;
}

/** One day's widget sessions of a store (its event rollup): how many saw the widget, how many added to the cart. */
export async function insertSessionDays(
  handle: DatabaseHandle,
  merchantId: string,
  days: Array<{ daysAgo: number; views: number; carts: number }>,
  zone = 'UTC',
): Promise<void> {
  await handle.db.insert(widgetEventDaily).values(
    days.flatMap(({ daysAgo, views, carts }) => [
      { merchantId, day: localDay(daysAgo, zone), type: 'view' as const, events: views * 2, sessions: views },
      { merchantId, day: localDay(daysAgo, zone), type: 'add_to_cart' as const, events: carts, sessions: carts },
    ]),
  );
}
