import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TReviewStatus } from '../../shared/reviews.js';
import { ReviewsRepository } from '../../server/reviews/reviews.repository.js';
import { databaseOf, type TestApp } from '../support/test-app.js';
import { reviews } from '../../server/database/schema.js';
import { ROOT_DIR } from '../support/pglite-template.js';
import { and, eq, inArray } from 'drizzle-orm';

export const MEDIA_FIXTURES = join(ROOT_DIR, 'test', 'fixtures', 'media');

export function fixture(name: string): Buffer {
  return readFileSync(join(MEDIA_FIXTURES, name));
}

/**
 * Reviews created through the real repository (the way an upload stores them, minus the files), for tests
 * that need many: the upload route itself is throttled per address.
 */
export async function seedReviews(
  t: TestApp,
  merchantId: string,
  count: number,
  options: {
    status?: TReviewStatus;
    productId?: string;
    productName?: string;
    customerName?: (i: number) => string;
    comment?: (i: number) => string;
  } = {},
): Promise<string[]> {
  const repository = t.app.get(ReviewsRepository);
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
        customerEmail: '',
        rating: (i % 5) + 1,
        comment: options.comment?.(i) ?? '',
        source: 'import',
      },
      product.name,
      [],
    );
    ids.push(row.id);
  }
  if (options.status && options.status !== 'pending') {
    await databaseOf(t)
      .update(reviews)
      .set({ status: options.status })
      .where(and(eq(reviews.merchantId, merchantId), inArray(reviews.id, ids)));
  }
  return ids;
}
