import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../jobs/job-queue.service.js';
import { WebhookInboxRepository, type InboxEvent, type NewInboxEvent } from './webhook-inbox.repository.js';

export type InboxHandler = (event: InboxEvent) => Promise<void>;

/** Thrown by a handler for an event no retry can fix (a malformed payload): it is set aside, not retried. */
export class UnprocessableEvent extends Error {}

const QUEUE = 'inbox';
/** Retries come due on their own: a run this often picks them up. */
const SWEEP_EVERY_S = 30;
const BATCH = 20;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
/** How long a processed event's id is kept to recognise a redelivery. */
export const KEEP_PROCESSED_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_S = 60 * 60;

/** 30 s, 1 min, 2 min … up to 6 h between attempts. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Receives platform events (webhooks, and the follow-up work of an install) and processes them after the sender has
 * its answer: stored first, then handled by an `inbox` job (at once on this instance, by any instance's run
 * every 30 s otherwise); a failed event is retried with backoff on its own schedule, kept in its row. Handlers must
 * be idempotent: a crash can repeat one.
 */
@Injectable()
export class WebhookInbox implements OnModuleInit {
  private readonly logger = new Logger(WebhookInbox.name);
  private readonly handlers = new Map<string, InboxHandler>();

  constructor(
    private readonly inbox: WebhookInboxRepository,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    // One run at a time per instance; claims let instances share the events.
    this.jobs.register(QUEUE, { handle: () => this.drainAll() });
    this.jobs.every(QUEUE, SWEEP_EVERY_S, 'drain');
    this.jobs.register('inbox-prune', {
      handle: async () => void (await this.inbox.pruneProcessedBefore(new Date(Date.now() - KEEP_PROCESSED_MS))),
    });
    this.jobs.every('inbox-prune', PRUNE_EVERY_S);
  }

  /** One handler per provider and topic; a topic without one is acknowledged and dropped. */
  register(provider: string, topics: Record<string, InboxHandler>): void {
    for (const [topic, handler] of Object.entries(topics)) this.handlers.set(`${provider}:${topic}`, handler);
  }

  /** Stores the event; 'duplicate' when this delivery was already received (nothing more happens). */
  async receive(event: NewInboxEvent): Promise<'accepted' | 'duplicate'> {
    if (!(await this.inbox.insert(event))) return 'duplicate';
    await this.drainSoon();
    return 'accepted';
  }

  /**
   * For a platform that gives deliveries no id (Tienda Nube): a delivery with the same content as one still waiting
   * is that one again; once it was processed, the same content is news (the handlers read the resource's state then).
   */
  async receiveByContent(event: Omit<NewInboxEvent, 'eventId'>, contentKey: string): Promise<'accepted' | 'duplicate'> {
    if (await this.inbox.hasPending(event.provider, `${contentKey}:`)) return 'duplicate';
    return this.receive({ ...event, eventId: `${contentKey}:${Date.now()}` });
  }

  /** Asks for a run soon. The event is stored already: if this fails, the next scheduled run takes it. */
  drainSoon(): Promise<void> {
    return this.jobs
      .enqueue(QUEUE, {}, { key: 'drain' })
      .catch((err: unknown) => this.logger.warn({ err }, 'Could not queue platform events; the next run takes them'));
  }

  /** Resolves once nothing is due or running (tests wait on it). */
  idle(): Promise<void> {
    return this.jobs.settled();
  }

  private async drainAll(): Promise<void> {
    for (;;) {
      const due = await this.inbox.claimDue(BATCH);
      for (const event of due) await this.process(event);
      if (due.length < BATCH) return;
    }
  }

  private async process(event: InboxEvent): Promise<void> {
    const handler = this.handlers.get(`${event.provider}:${event.topic}`);
    if (!handler) {
      await this.inbox.complete(event, 'No handler for this topic.');
      return;
    }
    try {
      await handler(event);
      await this.inbox.complete(event);
    } catch (err) {
      if (err instanceof UnprocessableEvent) {
        this.logger.warn({ provider: event.provider, topic: event.topic, eventId: event.eventId }, err.message);
        await this.inbox.complete(event, err.message);
        return;
      }
      const retryAt = new Date(Date.now() + backoffMs(event.attempts));
      this.logger.warn(
        { err, provider: event.provider, topic: event.topic, eventId: event.eventId, attempts: event.attempts },
        'A platform event failed; it will be retried',
      );
      await this.inbox.retryLater(event, err instanceof Error ? err.message : String(err), retryAt);
    }
  }
}
