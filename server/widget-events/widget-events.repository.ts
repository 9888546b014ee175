import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TStoreEventType } from '../../shared/storefront.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import {
  merchants,
  products,
  reviewEngagementDaily,
  reviews,
  widgetEventDaily,
  widgetEvents,
  widgetSessionOutcomeDaily,
} from '../database/schema.js';
import { historyKey, type SessionEvent } from './beacon-rules.js';

export interface IncomingEvent {
  type: TStoreEventType;
  /** The store platform's product id, as the widget knows it. */
  productExternalId: string;
  /** The review a play or the player's report is about, as the widget sent it (checked against the store's). */
  reviewId?: string;
}

/** What a batch is checked against (WidgetEventsRepository.before). */
interface BatchContext {
  day: string;
  /** [platform id, our id] of the products named that the store has. */
  known: Array<[string, string]>;
  storeReviews: string[];
  history: Array<{
    type: TStoreEventType;
    productId: string | null;
    reviewId: string | null;
    events: number;
    today: boolean;
    firstDay: string;
  }>;
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

  /** Stores that have raw events older than `before` (each probes its own index: no scan of the whole table). */
  async storesWithEventsBefore(before: Date): Promise<string[]> {
    const rows = await this.database.rows<{ id: string }>(sql`
      select m.id from ${merchants} m
      where exists (select 1 from ${widgetEvents} e where e.merchant_id = m.id and e.at < ${before.toISOString()}::timestamptz)`);
    return rows.map((row) => row.id);
  }

  /** Deletes up to `limit` of the store's raw events older than `before`, the oldest first; how many. */
  async deleteBefore(merchantId: string, before: Date, limit: number): Promise<number> {
    const deleted = await this.database.rows<{ id: string }>(sql`
      delete from ${widgetEvents} where id in (
        select id from ${widgetEvents}
        where merchant_id = ${merchantId} and at < ${before.toISOString()}::timestamptz
        order by at limit ${limit})
      returning id`);
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
   * In one round trip, what a batch is checked against: the store's calendar day (UTC until a platform tells us its
   * zone), which of the products (by platform id) and reviews named are the store's, and what the session sent
   * before, per type, product and review (counts, whether today, the first day).
   */
  private async before(
    tx: Pick<DatabaseHandle['db'], 'execute'>,
    merchantId: string,
    sessionId: string,
    externalIds: string[],
    reviewIds: string[],
  ) {
    const zone = sql`coalesce(m.timezone, 'UTC')`;
    const list = (values: string[]) =>
      sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      );
    const result = await tx.execute(sql`
      select (now() at time zone ${zone})::date::text as day,
        (select coalesce(json_agg(json_build_array(p.external_id, p.id)), '[]') from ${products} p
          where p.merchant_id = m.id and p.external_id in (${list(externalIds)})) as known,
        ${
          reviewIds.length
            ? sql`(select coalesce(json_agg(r.id), '[]') from ${reviews} r
                where r.merchant_id = m.id and r.id in (${list(reviewIds)}))`
            : sql`'[]'::json`
        } as "storeReviews",
        (select coalesce(json_agg(h), '[]') from (
          select e.type, e.product_id as "productId", e.review_id as "reviewId", count(*)::int as events,
            bool_or(e.at >= ((now() at time zone ${zone})::date::timestamp at time zone ${zone})) as today,
            (min(e.at) at time zone ${zone})::date::text as "firstDay"
          from ${widgetEvents} e where e.merchant_id = m.id and e.session_id = ${sessionId}
          group by e.type, e.product_id, e.review_id) h) as history
      from ${merchants} m where m.id = ${merchantId}`);
    return (result as unknown as { rows: BatchContext[] }).rows;
  }

  /**
   * Stores the events `admit` keeps and rolls them up, returning how many were stored. `admit` sees the batch with
   * our product and review ids and what the session sent before (counts per type, product and review), and whether
   * the session is new to the store. Batches of one session are serialised, so those counts are exact and a session
   * counts once a day.
   */
  async record(
    merchantId: string,
    sessionId: string,
    events: IncomingEvent[],
    admit: (batch: SessionEvent[], sent: Map<string, number>) => SessionEvent[] | Promise<SessionEvent[]>,
  ): Promise<number> {
    return this.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${merchantId}:${sessionId}`}, 0))`);
      const externalIds = [...new Set(events.map((event) => event.productExternalId))];
      const named = [...new Set(events.flatMap((event) => (event.reviewId ? [event.reviewId] : [])))];
      const [{ day, known, storeReviews, history }] = await this.before(tx, merchantId, sessionId, externalIds, named);
      const productIdOf = new Map(known);
      const reviewIds = new Set(storeReviews);

      const sent = new Map<string, number>();
      const seen = new Set<string>();
      for (const row of history) {
        for (const key of new Set([
          historyKey(row.type, row.productId),
          historyKey(row.type, row.productId, row.reviewId),
        ])) {
          sent.set(key, (sent.get(key) ?? 0) + row.events);
          if (row.today) seen.add(key);
        }
      }

      const batch = events.map((event) => ({
        type: event.type,
        productId: productIdOf.get(event.productExternalId) ?? null,
        reviewId: event.reviewId && reviewIds.has(event.reviewId) ? event.reviewId : null,
      }));
      const admitted = await admit(batch, sent);
      if (!admitted.length) return 0;
      const rows = admitted.map((event) => ({
        merchantId,
        sessionId,
        type: event.type,
        productId: event.productId,
        reviewId: event.reviewId,
      }));
      await tx.insert(widgetEvents).values(rows);

      // Rollup rows are written in one order for every batch (products, then outcomes, then reviews; keys sorted
      // within each), so two batches of one store lock them, and the store's per-day totals a trigger keeps, in the
      // same order and never deadlock.
      await tx
        .insert(widgetEventDaily)
        .values(
          dailyRollup(
            rows,
            (row) => historyKey(row.type, row.productId),
            seen,
            (row) => ({
              merchantId,
              day,
              productId: row.productId,
              type: row.type,
            }),
          ),
        )
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

      const moves = outcomeMoves(merchantId, day, history, rows);
      if (moves.length) {
        await tx
          .insert(widgetSessionOutcomeDaily)
          .values(moves)
          .onConflictDoUpdate({
            target: [
              widgetSessionOutcomeDaily.merchantId,
              widgetSessionOutcomeDaily.day,
              widgetSessionOutcomeDaily.played,
              widgetSessionOutcomeDaily.carted,
              widgetSessionOutcomeDaily.purchased,
            ],
            set: { sessions: sql`${widgetSessionOutcomeDaily.sessions} + excluded.sessions` },
          });
      }

      const aboutReviews = rows.filter((row): row is typeof row & { reviewId: string } => !!row.reviewId);
      if (aboutReviews.length) {
        await tx
          .insert(reviewEngagementDaily)
          .values(
            dailyRollup(
              aboutReviews,
              (row) => historyKey(row.type, row.productId, row.reviewId),
              seen,
              (row) => ({
                merchantId,
                day,
                reviewId: row.reviewId,
                type: row.type,
              }),
            ),
          )
          .onConflictDoUpdate({
            target: [
              reviewEngagementDaily.merchantId,
              reviewEngagementDaily.day,
              reviewEngagementDaily.reviewId,
              reviewEngagementDaily.type,
            ],
            set: {
              events: sql`${reviewEngagementDaily.events} + excluded.events`,
              sessions: sql`${reviewEngagementDaily.sessions} + excluded.sessions`,
            },
          });
      }
      return rows.length;
    });
  }
}

/**
 * One rollup row per key of `rows`, sorted by key: its events, and 1 session unless the session already counted for
 * that key today.
 */
function dailyRollup<R, E extends object>(
  rows: R[],
  keyOf: (row: R) => string,
  seen: ReadonlySet<string>,
  entryOf: (row: R) => E,
): Array<E & { events: number; sessions: number }> {
  const rollup = new Map<string, E & { events: number; sessions: number }>();
  for (const row of rows) {
    const key = keyOf(row);
    const entry = rollup.get(key) ?? { ...entryOf(row), events: 0, sessions: seen.has(key) ? 0 : 1 };
    entry.events += 1;
    rollup.set(key, entry);
  }
  return [...rollup.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, entry]) => entry);
}

interface Outcome {
  viewed: boolean;
  played: boolean;
  carted: boolean;
  purchased: boolean;
}

function outcomeOf(types: Iterable<string>): Outcome {
  const all = new Set(types);
  return {
    viewed: all.has('view'),
    played: all.has('play'),
    carted: all.has('add_to_cart'),
    purchased: all.has('purchase'),
  };
}

/**
 * How the batch moves the session in widget_session_outcome_daily: a session that saw the widget sits in one row,
 * on the day it first saw it, by what it has done since; when the batch changes that, it leaves its row (-1) for
 * the new one (+1).
 */
export function outcomeMoves(
  merchantId: string,
  today: string,
  history: Array<{ type: string; firstDay: string }>,
  batch: Array<{ type: string }>,
): Array<typeof widgetSessionOutcomeDaily.$inferInsert> {
  const before = outcomeOf(history.map((row) => row.type));
  const after = outcomeOf([...history, ...batch].map((row) => row.type));
  if (!after.viewed) return [];
  const same = (a: Outcome, b: Outcome) =>
    a.played === b.played && a.carted === b.carted && a.purchased === b.purchased;
  if (before.viewed && same(before, after)) return [];
  const views = history.filter((row) => row.type === 'view').map((row) => row.firstDay);
  const day = views.length ? views.sort()[0] : today;
  const row = (outcome: Outcome, sessions: number) => ({
    merchantId,
    day,
    played: outcome.played,
    carted: outcome.carted,
    purchased: outcome.purchased,
    sessions,
  });
  const moves = before.viewed ? [row(before, -1), row(after, 1)] : [row(after, 1)];
  const key = (move: ReturnType<typeof row>) => `${+move.played}${+move.carted}${+move.purchased}`;
  return moves.sort((a, b) => (key(a) < key(b) ? -1 : 1));
}
