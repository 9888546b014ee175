import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TReviewStatus } from '../../shared/reviews.js';
import { ReviewsRepository } from '../../server/reviews/reviews.repository.js';
import type { DatabaseHandle } from '../../server/database/database.js';
import { handleOf, type TestApp } from '../support/test-app.js';
import { reviews } from '../../server/database/schema.js';
import { ROOT_DIR } from '../support/pglite-template.js';
import { and, eq, inArray } from 'drizzle-orm';

export const MEDIA_FIXTURES = join(ROOT_DIR, 'test', 'fixtures', 'media');

export function fixture(name: string): Buffer {
  return readFileSync(join(MEDIA_FIXTURES, name));
}

/**
 * Reviews created through the real repository (the way an upload stores them, minus the files), for tests
 * that need many: the upload route itself is throttled per address. `target`: an app in this process, or the
 * database of a server process that is not running yet (withTestDatabase).
 */
export async function seedReviews(
  target: TestApp | DatabaseHandle,
  merchantId: string,
  count: number,
  options: {
    status?: TReviewStatus;
    productId?: string;
    productName?: string;
    customerName?: (i: number) => string;
    customerEmail?: (i: number) => string;
    verifiedPurchase?: (i: number) => boolean;
    comment?: (i: number) => string;
  } = {},
): Promise<string[]> {
  const handle = 'app' in target ? handleOf(target) : target;
  const repository = new ReviewsRepository(handle);
  const product = await repository.upsertProduct(merchantId, {
    externalId: options.productId ?? 'seed-product',
    name: options.productName ?? 'Seed product',
  });
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const row = await repository.create(
      {
        merchantId,
        productId: product.id,
        customerName: options.customerName?.(i) ?? `Customer ${i}`,
        customerEmail: options.customerEmail?.(i) ?? '',
        verifiedPurchase: options.verifiedPurchase?.(i) ?? false,
        rating: (i % 5) + 1,
        comment: options.comment?.(i) ?? '',
        // Not 'import': imported reviews count against no plan limit, and these stand for the store's own.
        source: 'dashboard',
      },
      product.name,
      [],
    );
    ids.push(row.id);
  }
  if (options.status && options.status !== 'pending') {
    await handle.db
      .update(reviews)
      .set({ status: options.status })
      .where(and(eq(reviews.merchantId, merchantId), inArray(reviews.id, ids)));
  }
  return ids;
}
