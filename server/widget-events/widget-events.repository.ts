import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TStoreEventType } from '../../shared/storefront.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { merchants, products, widgetEventDaily, widgetEvents } from '../database/schema.js';
import { historyKey, type SessionEvent } from './beacon-rules.js';

export interface IncomingEvent {
  type: TStoreEventType;
  /** The store platform's product id, as the widget knows it. */
  productExternalId: string;
}

/**
 * Raw widget events and their daily rollup, written together. The rollup counts events and, per day, product
 * and type, each session once, so conversion (DESIGN §6.6) never scans raw events.
 */
@Injectable()
export class WidgetEventsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** Whether the widget ever reported this session for the store. */
  async knowsSession(merchantId: string, sessionId: string): Promise<boolean> {
    const [row] = await this.database.db
      .select({ id: widgetEvents.id })
      .from(widgetEvents)
      .where(and(eq(widgetEvents.merchantId, merchantId), eq(widgetEvents.sessionId, sessionId)))
      .limit(1);
    return !!row;
  }

  /** A customer's erasure: the raw events of their sessions go (the daily counts, which name nobody, stay). */
  async deleteSessions(merchantId: string, sessionIds: string[]): Promise<number> {
    if (!sessionIds.length) return 0;
    const deleted = await this.database.db
      .delete(widgetEvents)
      .where(and(eq(widgetEvents.merchantId, merchantId), inArray(widgetEvents.sessionId, sessionIds)))
      .returning({ id: widgetEvents.id });
    return deleted.length;
  }

  async ofSessions(merchantId: string, sessionIds: string[]) {
    if (!sessionIds.length) return [];
    return this.database.db
      .select({
        sessionId: widgetEvents.sessionId,
        type: widgetEvents.type,
        productId: widgetEvents.productId,
        at: widgetEvents.at,
      })
      .from(widgetEvents)
      .where(and(eq(widgetEvents.merchantId, merchantId), inArray(widgetEvents.sessionId, sessionIds)))
      .orderBy(widgetEvents.at);
  }

  /**
   * Stores the events `admit` keeps and rolls them up, returning how many were stored. `admit` sees the batch with
   * our product ids and what the session sent before (counts per type and product), and whether the session is new
   * to the store. Batches of one session are serialised, so those counts are exact and a session counts once a day.
   */
  async record(
    merchantId: string,
    sessionId: string,
    events: IncomingEvent[],
    admit: (batch: SessionEvent[], sent: Map<string, number>) => SessionEvent[] | Promise<SessionEvent[]>,
  ): Promise<number> {
    return this.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${merchantId}:${sessionId}`}, 0))`);
      // The merchant's calendar day (UTC until a platform tells us the store's zone), and when it began.
      const zone = sql`coalesce(${merchants.timezone}, 'UTC')`;
      const [{ day, dayStart }] = await tx
        .select({
          day: sql<string>`(now() at time zone ${zone})::date::text`,
          dayStart: sql<Date>`((now() at time zone ${zone})::date::timestamp at time zone ${zone})`.mapWith(
            widgetEvents.at,
          ),
        })
        .from(merchants)
        .where(eq(merchants.id, merchantId));

      const externalIds = [...new Set(events.map((event) => event.productExternalId))];
      const known = await tx
        .select({ id: products.id, externalId: products.externalId })
        .from(products)
        .where(and(eq(products.merchantId, merchantId), inArray(products.externalId, externalIds)));
      const productIdOf = new Map(known.map((p) => [p.externalId, p.id]));

      const history = await tx
        .select({
          type: widgetEvents.type,
          productId: widgetEvents.productId,
          events: sql<number>`count(*)::int`,
          today: sql<boolean>`bool_or(${widgetEvents.at} >= ${sql.param(dayStart, widgetEvents.at)})`,
        })
        .from(widgetEvents)
        .where(and(eq(widgetEvents.merchantId, merchantId), eq(widgetEvents.sessionId, sessionId)))
        .groupBy(widgetEvents.type, widgetEvents.productId);
      const sent = new Map(history.map((row) => [historyKey(row.type, row.productId), row.events]));
      const seen = new Set(history.filter((row) => row.today).map((row) => historyKey(row.type, row.productId)));

      const batch = events.map((event) => ({
        type: event.type,
        productId: productIdOf.get(event.productExternalId) ?? null,
      }));
      const admitted = await admit(batch, sent);
      if (!admitted.length) return 0;
      const rows = admitted.map((event) => ({ merchantId, sessionId, type: event.type, productId: event.productId }));
      await tx.insert(widgetEvents).values(rows);

      const rollup = new Map<string, typeof widgetEventDaily.$inferInsert>();
      for (const row of rows) {
        const key = historyKey(row.type, row.productId);
        const entry = rollup.get(key) ?? {
          merchantId,
          day,
          productId: row.productId,
          type: row.type,
          events: 0,
          sessions: seen.has(key) ? 0 : 1,
        };
        entry.events! += 1;
        rollup.set(key, entry);
      }
      // In one order for every batch, so two batches of one store lock their rollup rows (and the store's
      // per-day totals a trigger keeps from them) in the same order and never deadlock.
      const ordered = [...rollup.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, entry]) => entry);
      await tx
        .insert(widgetEventDaily)
        .values(ordered)
        .onConflictDoUpdate({
          target: [
            widgetEventDaily.merchantId,
            widgetEventDaily.day,
            widgetEventDaily.productId,
            widgetEventDaily.type,
          ],
          set: {
            events: sql`${widgetEventDaily.events} + excluded.events`,
            sessions: sql`${widgetEventDaily.sessions} + excluded.sessions`,
          },
        });
      return rows.length;
    });
  }
}
