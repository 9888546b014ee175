import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TRequestSkipReason, TRequestStatus } from '../../shared/review-requests.js';
import { escapeLike } from '../common/escape-like.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import {
  merchants,
  orderItems,
  orders,
  products,
  reviewRequestProducts,
  reviewRequestSettings,
  reviewRequests,
  reviews,
} from '../database/schema.js';

export type ReviewRequestRow = typeof reviewRequests.$inferSelect;
export type RequestProductRow = typeof reviewRequestProducts.$inferSelect;
export type NewReviewRequest = Omit<typeof reviewRequests.$inferInsert, 'merchantId'>;
export type NewRequestProduct = Pick<RequestProductRow, 'productExternalId' | 'name' | 'url' | 'imageUrl'>;
export interface RequestWithProducts extends ReviewRequestRow {
  products: RequestProductRow[];
}

/** A store as its requests need it: the sender's name, the clock of its send window, its language. */
export interface RequestStore {
  storeName: string;
  timezone: string | null;
  mainLanguage: 'en' | 'es' | 'pt';
}

/** An order with its lines, described from the catalogue when the store has the product. */
export interface OrderForRequest {
  id: string;
  externalId: string;
  name: string;
  customerEmail: string;
  customerName: string;
  customerLocale: string | null;
  orderedAt: Date;
  paidAt: Date | null;
  fulfilledAt: Date | null;
  cancelledAt: Date | null;
  items: NewRequestProduct[];
}

/** Requests inserted by one statement (about 20 parameters each; their products, up to 10 each, 8 apiece). */
const INSERT_CHUNK = 250;

/** Requests that may still send a mail. */
export const OPEN_STATUSES = ['scheduled', 'sent', 'opened'] as const satisfies readonly TRequestStatus[];

/** Review requests, their products and each store's settings; every method takes the merchant (DESIGN §4). */
@Injectable()
export class ReviewRequestsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  async settingsOf(merchantId: string): Promise<Record<string, unknown> | null> {
    const [row] = await this.db
      .select({ settings: reviewRequestSettings.settings })
      .from(reviewRequestSettings)
      .where(eq(reviewRequestSettings.merchantId, merchantId));
    return row?.settings ?? null;
  }

  async saveSettings(merchantId: string, settings: Record<string, unknown>): Promise<void> {
    await this.db
      .insert(reviewRequestSettings)
      .values({ merchantId, settings })
      .onConflictDoUpdate({ target: reviewRequestSettings.merchantId, set: { settings, updatedAt: new Date() } });
  }

  async storeOf(merchantId: string): Promise<RequestStore | null> {
    const [row] = await this.db
      .select({ storeName: merchants.storeName, timezone: merchants.timezone, mainLanguage: merchants.mainLanguage })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    return row ?? null;
  }

  async orderFor(merchantId: string, orderId: string): Promise<OrderForRequest | null> {
    const [order] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.merchantId, merchantId), eq(orders.id, orderId)));
    if (!order) return null;
    const lines = await this.db
      .select({
        productExternalId: orderItems.productExternalId,
        title: orderItems.title,
        name: products.name,
        url: products.url,
        imageUrl: products.imageUrl,
      })
      .from(orderItems)
      .leftJoin(
        products,
        and(eq(products.merchantId, merchantId), eq(products.externalId, orderItems.productExternalId)),
      )
      .where(and(eq(orderItems.merchantId, merchantId), eq(orderItems.orderId, order.id)))
      // Lines keep no position: the dearest first (what a mail of up to `max_products` is most about), then by id.
      .orderBy(sql`${orderItems.priceAmount} desc nulls last`, asc(orderItems.productExternalId));
    const seen = new Set<string>();
    const items = lines
      .filter((line) => !seen.has(line.productExternalId) && seen.add(line.productExternalId))
      .map((line) => ({
        productExternalId: line.productExternalId,
        name: line.name || line.title,
        url: line.url ?? null,
        imageUrl: line.imageUrl ?? null,
      }));
    return { ...order, items };
  }

  /** Whether the store's order (platform id) was cancelled or refunded. */
  async orderCancelled(merchantId: string, orderExternalId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(eq(orders.merchantId, merchantId), eq(orders.externalId, orderExternalId), isNotNull(orders.cancelledAt)),
      );
    return !!row;
  }

  /** A few of the store's products, for a preview mail. */
  async sampleProducts(
    merchantId: string,
    limit: number,
  ): Promise<Array<{ id: string; name: string; imageUrl: string | null }>> {
    const rows = await this.db
      .select({ id: products.externalId, name: products.name, imageUrl: products.imageUrl })
      .from(products)
      .where(eq(products.merchantId, merchantId))
      .orderBy(desc(products.createdAt))
      .limit(limit);
    return rows.filter((row) => row.name);
  }

  /** The products among `productExternalIds` this address already reviewed in the store, with a review of each. */
  async reviewedBy(
    merchantId: string,
    email: string,
    productExternalIds: string[],
  ): Promise<Array<{ externalId: string; reviewId: string }>> {
    if (!email || !productExternalIds.length) return [];
    const rows = await this.db
      .selectDistinctOn([products.externalId], { externalId: products.externalId, reviewId: reviews.id })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(
        and(
          eq(reviews.merchantId, merchantId),
          eq(sql`lower(${reviews.customerEmail})`, email.toLowerCase()),
          isNull(reviews.deletedAt),
          eq(products.merchantId, merchantId),
          inArray(products.externalId, productExternalIds),
        ),
      )
      .orderBy(products.externalId);
    return rows;
  }

  async hasOrder(merchantId: string, orderExternalId: string): Promise<boolean> {
    return (await this.ordersAsked(merchantId, [orderExternalId])).size > 0;
  }

  /** The orders among `orderExternalIds` that already have a request. */
  async ordersAsked(merchantId: string, orderExternalIds: string[]): Promise<Set<string>> {
    if (!orderExternalIds.length) return new Set();
    const rows = await this.db
      .selectDistinct({ orderExternalId: reviewRequests.orderExternalId })
      .from(reviewRequests)
      .where(and(eq(reviewRequests.merchantId, merchantId), inArray(reviewRequests.orderExternalId, orderExternalIds)));
    return new Set(rows.map((row) => row.orderExternalId));
  }

  /** Which of `productExternalIds` each of `emails` (lowercased) already reviewed in the store: `${email} ${product}`. */
  async reviewedPairs(merchantId: string, emails: string[], productExternalIds: string[]): Promise<Set<string>> {
    if (!emails.length || !productExternalIds.length) return new Set();
    const email = sql<string>`lower(${reviews.customerEmail})`;
    const rows = await this.db
      .selectDistinct({ email, externalId: products.externalId })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(
        and(
          eq(reviews.merchantId, merchantId),
          inArray(email, emails),
          isNull(reviews.deletedAt),
          eq(products.merchantId, merchantId),
          inArray(products.externalId, productExternalIds),
        ),
      );
    return new Set(rows.map((row) => `${row.email} ${row.externalId}`));
  }

  /**
   * Inserts the requests with their products in one transaction, a few statements for the lot; a request whose
   * dedupe key exists (a second delivery) is left out. Answers the ids made, by dedupe key.
   */
  async insertMany(
    merchantId: string,
    items: Array<{ request: NewReviewRequest; products: NewRequestProduct[] }>,
  ): Promise<Map<string, string>> {
    const made = new Map<string, string>();
    if (!items.length) return made;
    await this.db.transaction(async (tx) => {
      // Chunks keep each statement well under PostgreSQL's 65,535 parameters.
      for (let start = 0; start < items.length; start += INSERT_CHUNK) {
        const chunk = items.slice(start, start + INSERT_CHUNK);
        const rows = await tx
          .insert(reviewRequests)
          .values(chunk.map((item) => ({ ...item.request, merchantId })))
          .onConflictDoNothing({ target: [reviewRequests.merchantId, reviewRequests.dedupeKey] })
          .returning({ id: reviewRequests.id, dedupeKey: reviewRequests.dedupeKey });
        const ids = new Map(rows.map((row) => [row.dedupeKey, row.id]));
        const lines = chunk.flatMap((item) => {
          const requestId = ids.get(item.request.dedupeKey);
          if (!requestId) return [];
          made.set(item.request.dedupeKey, requestId);
          return item.products.map((product, position) => ({ ...product, position, merchantId, requestId }));
        });
        if (lines.length) await tx.insert(reviewRequestProducts).values(lines);
      }
    });
    return made;
  }

  private async withProducts(rows: ReviewRequestRow[]): Promise<RequestWithProducts[]> {
    if (!rows.length) return [];
    const items = await this.db
      .select()
      .from(reviewRequestProducts)
      .where(
        and(
          eq(reviewRequestProducts.merchantId, rows[0].merchantId),
          inArray(
            reviewRequestProducts.requestId,
            rows.map((row) => row.id),
          ),
        ),
      )
      .orderBy(asc(reviewRequestProducts.position));
    return rows.map((row) => ({ ...row, products: items.filter((item) => item.requestId === row.id) }));
  }

  async find(merchantId: string, id: string): Promise<RequestWithProducts | null> {
    const [row] = await this.db
      .select()
      .from(reviewRequests)
      .where(and(eq(reviewRequests.merchantId, merchantId), eq(reviewRequests.id, id)));
    return row ? ((await this.withProducts([row]))[0] ?? null) : null;
  }

  async list(
    merchantId: string,
    filter: { status?: TRequestStatus; search?: string },
    page: { offset: number; limit: number },
  ): Promise<{ count: number; rows: RequestWithProducts[] }> {
    const search = filter.search ? `%${escapeLike(filter.search.toLowerCase())}%` : null;
    const where = and(
      eq(reviewRequests.merchantId, merchantId),
      filter.status ? eq(reviewRequests.status, filter.status) : undefined,
      search
        ? or(
            ilike(reviewRequests.orderName, search),
            ilike(reviewRequests.orderExternalId, search),
            ilike(reviewRequests.customerEmail, search),
          )
        : undefined,
    );
    const [total] = await this.db.select({ n: count() }).from(reviewRequests).where(where);
    const rows = await this.db
      .select()
      .from(reviewRequests)
      .where(where)
      .orderBy(desc(reviewRequests.createdAt), desc(reviewRequests.id))
      .offset(page.offset)
      .limit(page.limit);
    return { count: total.n, rows: await this.withProducts(rows) };
  }

  /** Stores with a mail due now. */
  async storesDue(now: Date): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ merchantId: reviewRequests.merchantId })
      .from(reviewRequests)
      .where(and(isNotNull(reviewRequests.sendAt), lte(reviewRequests.sendAt, now)));
    return rows.map((row) => row.merchantId);
  }

  /** Mails of the store sent in the last minute or being sent now: what its rate allows counts against them. */
  async recentlySent(merchantId: string, now: Date): Promise<number> {
    const since = new Date(now.getTime() - 60_000);
    const [row] = await this.db
      .select({ n: count() })
      .from(reviewRequests)
      .where(
        and(
          eq(reviewRequests.merchantId, merchantId),
          or(gte(reviewRequests.lastSentAt, since), gte(reviewRequests.sendingUntil, now)),
        ),
      );
    return row.n;
  }

  /** The store's due mails not being sent, oldest first: (request, step) pairs for the send queue. */
  async due(merchantId: string, now: Date, limit: number): Promise<Array<{ id: string; step: number }>> {
    if (limit <= 0) return [];
    const rows = await this.db
      .select({ id: reviewRequests.id, stepsSent: reviewRequests.stepsSent })
      .from(reviewRequests)
      .where(
        and(
          eq(reviewRequests.merchantId, merchantId),
          isNotNull(reviewRequests.sendAt),
          lte(reviewRequests.sendAt, now),
          inArray(reviewRequests.status, OPEN_STATUSES),
          or(isNull(reviewRequests.sendingUntil), lte(reviewRequests.sendingUntil, now)),
        ),
      )
      .orderBy(asc(reviewRequests.sendAt))
      .limit(limit);
    return rows.map((row) => ({ id: row.id, step: row.stepsSent + 1 }));
  }

  /**
   * Takes (request, step) for this sender until `until`: only when that step is the next one, due, and no other
   * sender holds a live claim. One conditional update, so two instances (or a retry) never both get it.
   */
  async claim(
    merchantId: string,
    id: string,
    step: number,
    now: Date,
    until: Date,
  ): Promise<RequestWithProducts | null> {
    const [row] = await this.db
      .update(reviewRequests)
      .set({ sendingStep: step, sendingUntil: until, updatedAt: now })
      .where(
        and(
          eq(reviewRequests.merchantId, merchantId),
          eq(reviewRequests.id, id),
          eq(reviewRequests.stepsSent, step - 1),
          isNotNull(reviewRequests.sendAt),
          lte(reviewRequests.sendAt, now),
          inArray(reviewRequests.status, OPEN_STATUSES),
          or(isNull(reviewRequests.sendingUntil), lte(reviewRequests.sendingUntil, now)),
        ),
      )
      .returning();
    return row ? ((await this.withProducts([row]))[0] ?? null) : null;
  }

  /** Records the step as sent (by the claim's holder), with the next reminder's instant or none. */
  async recordSent(
    merchantId: string,
    id: string,
    step: number,
    at: Date,
    next: Date | null,
    expiresAt: Date,
  ): Promise<void> {
    await this.db
      .update(reviewRequests)
      .set({
        stepsSent: step,
        sendingStep: null,
        sendingUntil: null,
        sentAt: sql`coalesce(${reviewRequests.sentAt}, ${at.toISOString()}::timestamptz)`,
        lastSentAt: at,
        status: sql`case when ${reviewRequests.status} = 'scheduled' then 'sent' else ${reviewRequests.status} end`,
        sendAt: sql`case when ${reviewRequests.status} in ('scheduled', 'sent', 'opened') then ${next?.toISOString() ?? null}::timestamptz end`,
        expiresAt,
        lastError: null,
        updatedAt: at,
      })
      .where(
        and(eq(reviewRequests.merchantId, merchantId), eq(reviewRequests.id, id), eq(reviewRequests.sendingStep, step)),
      );
  }

  /** Gives the claim back (a temporary failure): the job's retry or the next dispatch takes the step again. */
  async release(merchantId: string, id: string, step: number, error: string | null): Promise<void> {
    await this.db
      .update(reviewRequests)
      .set({ sendingStep: null, sendingUntil: null, lastError: error, updatedAt: new Date() })
      .where(
        and(eq(reviewRequests.merchantId, merchantId), eq(reviewRequests.id, id), eq(reviewRequests.sendingStep, step)),
      );
  }

  /** Ends the request: nothing more is sent. */
  async close(
    merchantId: string,
    ids: string[],
    change: { status: TRequestStatus; skipReason?: TRequestSkipReason; lastError?: string; at: Date },
  ): Promise<void> {
    if (!ids.length) return;
    await this.db
      .update(reviewRequests)
      .set({
        status: change.status,
        skipReason: change.skipReason ?? null,
        lastError: change.lastError,
        sendAt: null,
        sendingStep: null,
        sendingUntil: null,
        cancelledAt: change.status === 'cancelled' ? change.at : undefined,
        updatedAt: change.at,
      })
      .where(and(eq(reviewRequests.merchantId, merchantId), inArray(reviewRequests.id, ids)));
  }

  /** The order's requests that may still send a mail. */
  async openOfOrder(merchantId: string, orderExternalId: string): Promise<ReviewRequestRow[]> {
    return this.db
      .select()
      .from(reviewRequests)
      .where(
        and(
          eq(reviewRequests.merchantId, merchantId),
          eq(reviewRequests.orderExternalId, orderExternalId),
          inArray(reviewRequests.status, OPEN_STATUSES),
        ),
      );
  }

  /** The address's requests that may still send a mail. */
  async openOfEmail(merchantId: string, email: string): Promise<ReviewRequestRow[]> {
    return this.db
      .select()
      .from(reviewRequests)
      .where(
        and(
          eq(reviewRequests.merchantId, merchantId),
          eq(reviewRequests.customerEmail, email.toLowerCase()),
          inArray(reviewRequests.status, OPEN_STATUSES),
        ),
      );
  }

  /** Stops the request's mails without changing its status (a sent request whose address is suppressed). */
  async stopSending(merchantId: string, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.db
      .update(reviewRequests)
      .set({ sendAt: null, updatedAt: new Date() })
      .where(and(eq(reviewRequests.merchantId, merchantId), inArray(reviewRequests.id, ids)));
  }

  /** The next mail goes at `at` (send now, resend). */
  async reschedule(merchantId: string, id: string, at: Date, fields: Partial<NewReviewRequest> = {}): Promise<void> {
    await this.db
      .update(reviewRequests)
      .set({ ...fields, sendAt: at, updatedAt: new Date() })
      .where(and(eq(reviewRequests.merchantId, merchantId), eq(reviewRequests.id, id)));
  }

  /**
   * Marks the product reviewed on the buyer's open requests (the one named, or every request of the address) and
   * those requests reviewed: no more reminders. Answers the requests it changed.
   */
  async markReviewed(
    merchantId: string,
    review: { email: string; productExternalId: string; reviewId: string; requestId: string | null; at: Date },
  ): Promise<string[]> {
    const whose = review.requestId
      ? eq(reviewRequests.id, review.requestId)
      : review.email
        ? eq(reviewRequests.customerEmail, review.email.toLowerCase())
        : undefined;
    if (!whose) return [];
    return this.db.transaction(async (tx) => {
      const requests = await tx
        .select({ id: reviewRequests.id })
        .from(reviewRequests)
        .where(and(eq(reviewRequests.merchantId, merchantId), whose, inArray(reviewRequests.status, OPEN_STATUSES)));
      if (!requests.length) return [];
      const ids = requests.map((request) => request.id);
      const marked = await tx
        .update(reviewRequestProducts)
        .set({ reviewId: review.reviewId, reviewedAt: review.at })
        .where(
          and(
            eq(reviewRequestProducts.merchantId, merchantId),
            inArray(reviewRequestProducts.requestId, ids),
            eq(reviewRequestProducts.productExternalId, review.productExternalId),
            isNull(reviewRequestProducts.reviewedAt),
          ),
        )
        .returning({ requestId: reviewRequestProducts.requestId });
      const changed = [...new Set(marked.map((row) => row.requestId))];
      if (changed.length) {
        await tx
          .update(reviewRequests)
          .set({
            status: 'reviewed',
            reviewedAt: sql`coalesce(${reviewRequests.reviewedAt}, ${review.at.toISOString()}::timestamptz)`,
            sendAt: null,
            updatedAt: review.at,
          })
          .where(and(eq(reviewRequests.merchantId, merchantId), inArray(reviewRequests.id, changed)));
      }
      return changed;
    });
  }

  /** Requests first sent since `since`, and how many of them were opened and reviewed. */
  async funnel(merchantId: string, since: Date): Promise<{ sent: number; opened: number; reviewed: number }> {
    const [row] = await this.db
      .select({
        sent: count(),
        opened: count(reviewRequests.openedAt),
        reviewed: count(reviewRequests.reviewedAt),
      })
      .from(reviewRequests)
      .where(and(eq(reviewRequests.merchantId, merchantId), gte(reviewRequests.sentAt, since)));
    return row;
  }

  /** Erases the customer's requests (their products go with them); answers the addresses they were sent to. */
  async eraseCustomer(merchantId: string, email: string | null, orderExternalIds: string[]): Promise<string[]> {
    const matches = [
      email ? eq(reviewRequests.customerEmail, email.toLowerCase()) : undefined,
      orderExternalIds.length ? inArray(reviewRequests.orderExternalId, orderExternalIds) : undefined,
    ].filter((match): match is SQL => match !== undefined);
    if (!matches.length) return [];
    const gone = await this.db
      .delete(reviewRequests)
      .where(and(eq(reviewRequests.merchantId, merchantId), or(...matches)))
      .returning({ email: reviewRequests.customerEmail });
    return [...new Set(gone.map((row) => row.email).filter(Boolean))];
  }
}
