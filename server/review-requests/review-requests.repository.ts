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

/** A step sent: the request's next reminder's instant (or none) and its link's end. */
export interface SentStep {
  id: string;
  step: number;
  next: Date | null;
  expiresAt: Date;
}

/** Arbitrary constant: with the store's id, the lock under which its send claims take turns. */
const SEND_CLAIM_LOCK = 524_118_907;

/** The store's mails sent in the last minute, or held by a sender now: what count against its rate. */
const sentOrSending = (merchantId: string | SQL, now: Date) =>
  and(
    eq(reviewRequests.merchantId, merchantId),
    or(gte(reviewRequests.lastSentAt, new Date(now.getTime() - 60_000)), gte(reviewRequests.sendingUntil, now)),
  );

/** The store's requests with a mail due at `now` that no sender holds. */
const dueNow = (merchantId: string | SQL, now: Date) =>
  and(
    eq(reviewRequests.merchantId, merchantId),
    isNotNull(reviewRequests.sendAt),
    lte(reviewRequests.sendAt, now),
    inArray(reviewRequests.status, OPEN_STATUSES),
    or(isNull(reviewRequests.sendingUntil), lte(reviewRequests.sendingUntil, now)),
  );

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

  /** The store's orders among `orderExternalIds` (platform ids) that were cancelled or refunded. */
  async cancelledOrders(merchantId: string, orderExternalIds: string[]): Promise<Set<string>> {
    if (!orderExternalIds.length) return new Set();
    const rows = await this.db
      .select({ externalId: orders.externalId })
      .from(orders)
      .where(
        and(
          eq(orders.merchantId, merchantId),
          inArray(orders.externalId, orderExternalIds),
          isNotNull(orders.cancelledAt),
        ),
      );
    return new Set(rows.map((row) => row.externalId));
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

  /**
   * The reviews in the store by each of `emails` (lowercased) of each of `productExternalIds` they reviewed: one
   * (email, product, a review of it) per pair.
   */
  async reviewsBy(
    merchantId: string,
    emails: string[],
    productExternalIds: string[],
  ): Promise<Array<{ email: string; externalId: string; reviewId: string }>> {
    if (!emails.length || !productExternalIds.length) return [];
    const email = sql<string>`lower(${reviews.customerEmail})`;
    return this.db
      .selectDistinctOn([email, products.externalId], { email, externalId: products.externalId, reviewId: reviews.id })
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
      )
      .orderBy(email, products.externalId);
  }

  /** Which of `productExternalIds` each of `emails` (lowercased) already reviewed in the store: `${email} ${product}`. */
  async reviewedPairs(merchantId: string, emails: string[], productExternalIds: string[]): Promise<Set<string>> {
    const rows = await this.reviewsBy(merchantId, emails, productExternalIds);
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

  /**
   * For each of these stores, its saved settings and its mails sent in the last minute or being sent now (what its
   * rate counts against): one query for the lot, for the dispatcher.
   */
  async settingsAndRecentlySent(
    merchantIds: string[],
    now: Date,
  ): Promise<Array<{ merchantId: string; settings: Record<string, unknown> | null; taken: number }>> {
    if (!merchantIds.length) return [];
    const store = sql`store.id`;
    const rows = await this.database.rows<{ id: string; settings: Record<string, unknown> | null; taken: number }>(sql`
      select store.id, ${reviewRequestSettings.settings} as settings,
        (select count(*)::int from ${reviewRequests} where ${sentOrSending(store, now)}) as taken
      from (values ${sql.join(
        merchantIds.map((id) => sql`(${id}::uuid)`),
        sql`, `,
      )}) as store(id)
      left join ${reviewRequestSettings} on ${reviewRequestSettings.merchantId} = store.id`);
    return rows.map((row) => ({ merchantId: row.id, settings: row.settings, taken: Number(row.taken) }));
  }

  /** How many of each store's mails are due and not being sent, up to its limit: one query for the lot. */
  async dueCounts(now: Date, limits: Map<string, number>): Promise<Map<string, number>> {
    const open = [...limits].filter(([, limit]) => limit > 0);
    if (!open.length) return new Map();
    const store = sql`store.id`;
    const rows = await this.database.rows<{ id: string; due: number }>(sql`
      select store.id, (select count(*)::int from (
          select 1 from ${reviewRequests} where ${dueNow(store, now)} limit store.room
        ) as due) as due
      from (values ${sql.join(
        open.map(([id, limit]) => sql`(${id}::uuid, ${limit}::int)`),
        sql`, `,
      )}) as store(id, room)`);
    return new Map(rows.map((row) => [row.id, Number(row.due)]));
  }

  /**
   * Takes up to `limit` of the store's due mails, oldest first, for this sender until `until`: each request's next
   * step (`sendingStep`), where no other sender holds a live claim, and no more than the store's `rate` a minute
   * allows. The store's claims take turns under a lock held to the end of the transaction, so each counts the mails
   * the one before took: two instances (or a retry) never both get a step, nor together pass the rate.
   */
  async claimDue(
    merchantId: string,
    now: Date,
    until: Date,
    limit: number,
    rate = Number.MAX_SAFE_INTEGER,
  ): Promise<RequestWithProducts[]> {
    const rows = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEND_CLAIM_LOCK}, hashtext(${merchantId}))`);
      const [taken] = await tx.select({ n: count() }).from(reviewRequests).where(sentOrSending(merchantId, now));
      const room = Math.min(limit, rate - taken.n);
      if (room <= 0) return [];
      const due = tx
        .select({ id: reviewRequests.id })
        .from(reviewRequests)
        .where(dueNow(merchantId, now))
        .orderBy(asc(reviewRequests.sendAt))
        .limit(room);
      return tx
        .update(reviewRequests)
        .set({ sendingStep: sql`${reviewRequests.stepsSent} + 1`, sendingUntil: until, updatedAt: now })
        .where(and(dueNow(merchantId, now), inArray(reviewRequests.id, due)))
        .returning();
    });
    return this.withProducts(rows.sort((a, b) => (a.sendAt?.getTime() ?? 0) - (b.sendAt?.getTime() ?? 0)));
  }

  /** Records the steps as sent (by their claims' holder), each with its next reminder's instant or none. */
  async recordSent(merchantId: string, at: Date, steps: SentStep[]): Promise<void> {
    if (!steps.length) return;
    // One parameter for the lot (a JSON array), read back as rows.
    const sent = sql`jsonb_to_recordset(${JSON.stringify(steps)}::jsonb)
      as sent(id uuid, step int, next timestamptz, "expiresAt" timestamptz)`;
    await this.database.rows(sql`
      update ${reviewRequests} r
      set steps_sent = sent.step, sending_step = null, sending_until = null,
        sent_at = coalesce(r.sent_at, ${at.toISOString()}::timestamptz), last_sent_at = ${at.toISOString()}::timestamptz,
        status = case when r.status = 'scheduled' then 'sent' else r.status end,
        send_at = case when r.status in ('scheduled', 'sent', 'opened') then sent.next end,
        expires_at = sent."expiresAt", last_error = null, updated_at = ${at.toISOString()}::timestamptz
      from ${sent}
      where r.merchant_id = ${merchantId} and r.id = sent.id and r.sending_step = sent.step`);
  }

  /** Gives the claims back (a temporary failure): a retry or the next dispatch takes the steps again. */
  async release(merchantId: string, steps: Array<{ id: string; step: number }>, error: string | null): Promise<void> {
    if (!steps.length) return;
    await this.database.rows(sql`
      update ${reviewRequests} r
      set sending_step = null, sending_until = null, last_error = ${error}, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(steps)}::jsonb) as held(id uuid, step int)
      where r.merchant_id = ${merchantId} and r.id = held.id and r.sending_step = held.step`);
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
