import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { webhookEvents } from '../database/schema.js';

export type InboxEvent = typeof webhookEvents.$inferSelect;
export type NewInboxEvent = Pick<InboxEvent, 'provider' | 'eventId' | 'topic' | 'payload' | 'shop' | 'triggeredAt'>;

/** How long a worker holds an event it claimed; one that died lets it go after this. */
const CLAIM_MS = 5 * 60 * 1000;

/**
 * Platform events and the work they cause, kept until done (DESIGN §5 webhook_events): the unique (provider, event id)
 * makes a repeated delivery a no-op, and claims let many instances share the work without doing an event twice.
 */
@Injectable()
export class WebhookInboxRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** False when this (provider, event id) was already received. */
  async insert(event: NewInboxEvent): Promise<boolean> {
    const rows = await this.database.db
      .insert(webhookEvents)
      .values(event)
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    return rows.length > 0;
  }

  /** Whether an event whose id starts with `prefix` is still waiting to be processed. */
  async hasPending(provider: string, prefix: string): Promise<boolean> {
    const rows = await this.database.rows<{ found: number }>(sql`
      select 1 as found from ${webhookEvents}
      where provider = ${provider} and processed_at is null and starts_with(event_id, ${prefix})
      limit 1`);
    return rows.length > 0;
  }

  /** Claims up to `limit` due events, oldest first, counting the attempt. */
  async claimDue(limit: number): Promise<InboxEvent[]> {
    const until = new Date(Date.now() + CLAIM_MS).toISOString();
    return this.database.rows<InboxEvent>(sql`
      update ${webhookEvents} e set locked_until = ${until}::timestamptz, attempts = e.attempts + 1
      from (
        select provider, event_id from ${webhookEvents}
        where processed_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by received_at, event_id limit ${limit} for update skip locked
      ) due
      where e.provider = due.provider and e.event_id = due.event_id
      returning e.provider, e.event_id as "eventId", e.topic, e.payload, e.shop, e.triggered_at as "triggeredAt",
        e.received_at as "receivedAt", e.processed_at as "processedAt", e.attempts, e.last_error as "lastError",
        e.next_attempt_at as "nextAttemptAt", e.locked_until as "lockedUntil"`);
  }

  /** Done: the payload (possibly a customer's details) is not kept beyond the work. */
  async complete(event: Pick<InboxEvent, 'provider' | 'eventId'>, note: string | null = null): Promise<void> {
    await this.database.db
      .update(webhookEvents)
      .set({ processedAt: new Date(), lockedUntil: null, payload: {}, lastError: note })
      .where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.eventId, event.eventId)));
  }

  async retryLater(event: Pick<InboxEvent, 'provider' | 'eventId'>, error: string, at: Date): Promise<void> {
    await this.database.db
      .update(webhookEvents)
      .set({ lockedUntil: null, lastError: error.slice(0, 1000), nextAttemptAt: at })
      .where(and(eq(webhookEvents.provider, event.provider), eq(webhookEvents.eventId, event.eventId)));
  }

  /** Forgets processed events received before `cutoff`: platforms stop redelivering long before (Shopify: 48 h). */
  async pruneProcessedBefore(cutoff: Date): Promise<number> {
    const rows = await this.database.rows<{ event_id: string }>(sql`
      delete from ${webhookEvents}
      where processed_at is not null and received_at < ${cutoff.toISOString()}::timestamptz
      returning event_id`);
    return rows.length;
  }

  async find(provider: string, eventId: string): Promise<InboxEvent | null> {
    const [row] = await this.database.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)))
      .limit(1);
    return row ?? null;
  }

  /** Events not yet processed: due now, or waiting for a retry after a failure. */
  async pendingCounts(): Promise<{ due: number; retrying: number }> {
    const [row] = await this.database.rows<{ due: number; retrying: number }>(sql`
      select count(*) filter (where attempts = 0 or next_attempt_at <= now())::int as due,
             count(*) filter (where attempts > 0 and next_attempt_at > now())::int as retrying
      from ${webhookEvents} where processed_at is null`);
    return row ?? { due: 0, retrying: 0 };
  }
}
