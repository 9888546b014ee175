import { Inject, Injectable } from '@nestjs/common';
import { and, arrayContains, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { TWebhookDeliveryStatus, TWebhookDisabledReason } from '../../shared/webhook-endpoints.js';
import type { Database, DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { webhookDeliveries, webhookEndpoints } from '../database/schema.js';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewDelivery = Pick<WebhookDeliveryRow, 'endpointId' | 'merchantId' | 'messageId' | 'type' | 'payload'>;

/** What one attempt of a delivery found. */
export interface AttemptOutcome {
  status: TWebhookDeliveryStatus;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
  at: Date;
}

@Injectable()
export class WebhookEndpointsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db(): Database {
    return this.database.db;
  }

  async create(endpoint: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
    const [row] = await this.db.insert(webhookEndpoints).values(endpoint).returning();
    return row;
  }

  list(merchantId: string): Promise<WebhookEndpointRow[]> {
    return this.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.merchantId, merchantId))
      .orderBy(desc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  }

  async countOf(merchantId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.merchantId, merchantId));
    return row.n;
  }

  async find(merchantId: string, id: string): Promise<WebhookEndpointRow | null> {
    const [row] = await this.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.merchantId, merchantId), eq(webhookEndpoints.id, id)));
    return row ?? null;
  }

  /** The store's enabled endpoints that subscribed to `type`. */
  subscribed(merchantId: string, type: string): Promise<WebhookEndpointRow[]> {
    return this.db.select().from(webhookEndpoints).where(this.subscribedTo(merchantId, type));
  }

  async anySubscribed(merchantId: string, type: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(this.subscribedTo(merchantId, type))
      .limit(1);
    return rows.length > 0;
  }

  private subscribedTo(merchantId: string, type: string) {
    return and(
      eq(webhookEndpoints.merchantId, merchantId),
      isNull(webhookEndpoints.disabledReason),
      arrayContains(webhookEndpoints.events, [type]),
    );
  }

  async update(
    merchantId: string,
    id: string,
    changes: Partial<typeof webhookEndpoints.$inferInsert>,
  ): Promise<WebhookEndpointRow | null> {
    const [row] = await this.db
      .update(webhookEndpoints)
      .set(changes)
      .where(and(eq(webhookEndpoints.merchantId, merchantId), eq(webhookEndpoints.id, id)))
      .returning();
    return row ?? null;
  }

  async remove(merchantId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.merchantId, merchantId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  }

  /** A delivery succeeded: the endpoint is failing no more. */
  async succeeded(endpointId: string): Promise<void> {
    await this.db
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} is not null`));
  }

  /**
   * A delivery attempt failed: the endpoint has been failing since its first failure after a success. Once that is
   * before `disableBefore`, it is disabled: the row is answered only to the call that disabled it (owners are mailed
   * once, whichever instance got there).
   */
  async failed(endpointId: string, at: Date, disableBefore: Date): Promise<WebhookEndpointRow | null> {
    await this.db
      .update(webhookEndpoints)
      .set({ failingSince: at })
      .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.failingSince)));
    const [disabled] = await this.db
      .update(webhookEndpoints)
      .set({ disabledReason: 'failing' satisfies TWebhookDisabledReason, disabledAt: at })
      .where(
        and(
          eq(webhookEndpoints.id, endpointId),
          isNull(webhookEndpoints.disabledReason),
          lt(webhookEndpoints.failingSince, disableBefore),
        ),
      )
      .returning();
    return disabled ?? null;
  }

  /** Records deliveries; one already recorded for its endpoint and message (a retried dispatch) is kept as it is. */
  async addDeliveries(deliveries: NewDelivery[]): Promise<void> {
    if (deliveries.length) await this.db.insert(webhookDeliveries).values(deliveries).onConflictDoNothing();
  }

  /** The deliveries of these messages that were never tried. */
  untried(messageIds: string[]): Promise<Array<Pick<WebhookDeliveryRow, 'id' | 'endpointId'>>> {
    return this.db
      .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(and(inArray(webhookDeliveries.messageId, messageIds), eq(webhookDeliveries.attempts, 0)));
  }

  /** One new delivery (a test event), answered. */
  async addDelivery(delivery: NewDelivery): Promise<WebhookDeliveryRow> {
    const [row] = await this.db.insert(webhookDeliveries).values(delivery).returning();
    return row;
  }

  async delivery(merchantId: string, endpointId: string, id: string): Promise<WebhookDeliveryRow | null> {
    const [row] = await this.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.merchantId, merchantId),
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookDeliveries.id, id),
        ),
      );
    return row ?? null;
  }

  /** A delivery and its endpoint, for an attempt; null when either is gone. */
  async attemptOf(id: string): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow } | null> {
    const [row] = await this.db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, id));
    return row ?? null;
  }

  async deliveries(
    merchantId: string,
    endpointId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: WebhookDeliveryRow[]; count: number }> {
    const where = and(eq(webhookDeliveries.merchantId, merchantId), eq(webhookDeliveries.endpointId, endpointId));
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(webhookDeliveries).where(where),
    ]);
    return { rows, count: total.n };
  }

  async recordAttempt(id: string, outcome: AttemptOutcome): Promise<void> {
    await this.db
      .update(webhookDeliveries)
      .set({
        status: outcome.status,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        responseStatus: outcome.responseStatus,
        responseExcerpt: outcome.responseExcerpt,
        error: outcome.error,
        lastAttemptAt: outcome.at,
      })
      .where(eq(webhookDeliveries.id, id));
  }

  /** A resend: the delivery waits for its next attempt again. */
  async reopen(id: string): Promise<WebhookDeliveryRow | null> {
    const [row] = await this.db
      .update(webhookDeliveries)
      .set({ status: 'pending' satisfies TWebhookDeliveryStatus })
      .where(eq(webhookDeliveries.id, id))
      .returning();
    return row ?? null;
  }

  /** Deletes the store's deliveries whose payload holds this address (a customer's erasure); answers how many. */
  async forgetAddress(merchantId: string, email: string): Promise<number> {
    const quoted = JSON.stringify(email.toLowerCase());
    const rows = await this.db
      .delete(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.merchantId, merchantId),
          sql`position(${quoted} in lower(${webhookDeliveries.payload}::text)) > 0`,
        ),
      )
      .returning({ id: webhookDeliveries.id });
    return rows.length;
  }

  /** Forgets deliveries older than `before`, at most `limit` of them; answers how many. */
  async prune(before: Date, limit: number): Promise<number> {
    const rows = await this.db
      .delete(webhookDeliveries)
      .where(
        sql`${webhookDeliveries.id} in (select id from ${webhookDeliveries} where ${webhookDeliveries.createdAt} < ${before.toISOString()}::timestamptz limit ${limit})`,
      )
      .returning({ id: webhookDeliveries.id });
    return rows.length;
  }
}
