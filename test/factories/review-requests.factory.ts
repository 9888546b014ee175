import { randomUUID } from 'node:crypto';
import { reviewRequestProducts, reviewRequests } from '../../server/database/schema.js';
import { SecretBox } from '../../server/common/secret-box.js';
import { DomainEvents } from '../../server/events/domain-events.js';
import { TOKEN_SEAL_CONTEXT, newRequestToken } from '../../server/review-requests/request-token.js';
import type { TRequestLocale, TRequestStatus } from '../../shared/review-requests.js';
import type { DatabaseHandle } from '../../server/database/database.js';
import { handleOf, type TestApp } from '../support/test-app.js';

export interface SeededRequest {
  id: string;
  token: string;
}

/**
 * A review request as the scheduler leaves it once its mail went out (`sent`, next reminder due), written straight to
 * the database: the link's token is returned, its hash stored, as the real scheduling does, and `requests.sent` emitted. `target`: an app in this
 * process, or the database of a server process that is not running yet (withTestDatabase), with `encryptionKey`.
 */
export async function seedReviewRequest(
  target: TestApp | DatabaseHandle,
  merchantId: string,
  options: {
    encryptionKey?: string;
    locale?: TRequestLocale;
    status?: TRequestStatus;
    customerName?: string;
    customerEmail?: string;
    expiresAt?: Date;
    products?: Array<{ id: string; name: string; imageUrl?: string; url?: string }>;
  } = {},
): Promise<SeededRequest> {
  const { token, hash } = newRequestToken();
  const id = randomUUID();
  const db = ('app' in target ? handleOf(target) : target).db;
  const key = 'app' in target ? target.config.secrets.encryptionKey : options.encryptionKey;
  if (!key) throw new Error('The encryption key the server seals the link with.');
  await db.insert(reviewRequests).values({
    id,
    merchantId,
    orderExternalId: `order-${id.slice(0, 8)}`,
    orderName: '#1001',
    dedupeKey: `order-${id}`,
    customerEmail: options.customerEmail ?? `buyer-${id.slice(0, 8)}@example.com`,
    customerName: options.customerName ?? 'Marta',
    locale: options.locale ?? 'en',
    source: 'api',
    status: options.status ?? 'sent',
    tokenHash: hash,
    tokenSealed: new SecretBox(key).seal(token, TOKEN_SEAL_CONTEXT),
    expiresAt: options.expiresAt ?? new Date(Date.now() + 90 * 86_400_000),
    sendAt: new Date(Date.now() + 7 * 86_400_000),
    // A scheduled request has sent nothing yet; the others their first mail.
    ...(options.status === 'scheduled'
      ? { stepsSent: 0 }
      : { stepsSent: 1, sentAt: new Date(), lastSentAt: new Date() }),
    remindersPlanned: 1,
  });
  const products = options.products ?? [
    { id: 'sku-1', name: 'Linen Shirt', imageUrl: 'https://cdn.shop.example/shirt.jpg' },
    { id: 'sku-2', name: 'Wool Scarf' },
  ];
  await db.insert(reviewRequestProducts).values(
    products.map((product, position) => ({
      requestId: id,
      merchantId,
      productExternalId: product.id,
      name: product.name,
      imageUrl: product.imageUrl,
      url: product.url,
      position,
    })),
  );
  // As the sender does once a mail went out (the funnel's cached figures, in Insights, follow it).
  if ('app' in target) await target.app.get(DomainEvents).emit('requests.sent', { merchantId, requestIds: [id] });
  return { id, token };
}
