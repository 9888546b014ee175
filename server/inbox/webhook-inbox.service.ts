import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { WebhookInboxRepository, type InboxEvent, type NewInboxEvent } from './webhook-inbox.repository.js';

export type InboxHandler = (event: InboxEvent) => Promise<void>;

/** Thrown by a handler for an event no retry can fix (a malformed payload): it is set aside, not retried. */
export class UnprocessableEvent extends Error {}

const SWEEP_EVERY_MS = 30_000;
const BATCH = 20;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
/** How long a processed event's id is kept to recognise a redelivery. */
export const KEEP_PROCESSED_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** 30 s, 1 min, 2 min … up to 6 h between attempts. */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Receives platform events (webhooks, and the follow-up work of an install) and processes them after the sender has
 * its answer: stored first, handled right away in this instance, and retried with backoff by any instance's sweep if
 * the handler failed or the process died mid-way. Handlers must be idempotent: a crash can repeat one.
 */
@Injectable()
export class WebhookInbox implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookInbox.name);
  private readonly handlers = new Map<string, InboxHandler>();
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private prunedAt = 0;
  private again = false;
  private closing = false;

  constructor(private readonly inbox: WebhookInboxRepository) {}

  onModuleInit(): void {
    this.timer = setInterval(() => this.drainSoon(), SWEEP_EVERY_MS);
    this.timer.unref();
    // Work a previous process left unfinished.
    this.drainSoon();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** One handler per provider and topic; a topic without one is acknowledged and dropped. */
  register(provider: string, topics: Record<string, InboxHandler>): void {
    for (const [topic, handler] of Object.entries(topics)) this.handlers.set(`${provider}:${topic}`, handler);
  }

  /** Stores the event; 'duplicate' when this delivery was already received (nothing more happens). */
  async receive(event: NewInboxEvent): Promise<'accepted' | 'duplicate'> {
    if (!(await this.inbox.insert(event))) return 'duplicate';
    this.drainSoon();
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

  /** Starts processing due events unless a run is under way (which then goes round once more). */
  drainSoon(): void {
    if (this.closing) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drainAll()
      .catch((err: unknown) => this.logger.error({ err }, 'Processing platform events failed'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.closing) {
          this.again = false;
          this.drainSoon();
        }
      });
  }

  /** Resolves once no run is under way (tests and shutdown wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drainAll(): Promise<void> {
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await this.inbox.pruneProcessedBefore(new Date(Date.now() - KEEP_PROCESSED_MS));
    }
    for (;;) {
      this.again = false;
      const due = await this.inbox.claimDue(BATCH);
      for (const event of due) await this.process(event);
      if (due.length < BATCH && !this.again) return;
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
