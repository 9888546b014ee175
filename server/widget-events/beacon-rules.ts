import { hours, minutes } from '@nestjs/throttler';
import { ENGAGEMENT_EVENT_TYPES, type TStoreEventType } from '../../shared/storefront.js';
import type { RateLimit } from '../rate-limits/rate-limits.js';

/** A page view sends one to three beacons; this leaves room for many shoppers behind one address. */
export const EVENT_BATCHES_PER_IP: RateLimit = { name: 'widget-events:ip', limit: 120, ttl: minutes(1) };
/**
 * Every batch a store receives, from anywhere: far above a busy store's product-page traffic (a batch is about one
 * page view), low enough that nobody can flood one store's analytics or its rows.
 */
export const EVENT_BATCHES_PER_STORE: RateLimit = { name: 'widget-events:store', limit: 3000, ttl: minutes(1) };
/**
 * Sessions one address may start on one store in an hour (the widget keeps one id per tab): a household or an
 * office behind one address stays far below it, a script inventing sessions to move the conversion rate does not.
 */
export const NEW_SESSIONS_PER_IP: RateLimit = { name: 'widget-events:new-session', limit: 60, ttl: hours(1) };
/** A shopper adding one product again and again is one shopper: more than this many clicks are not stored. */
export const CARTS_PER_SESSION_PRODUCT = 3;

export interface SessionEvent {
  type: TStoreEventType;
  /** Our product id, or null for a product the store never synced. */
  productId: string | null;
  /** Our review id, for a play or an engagement event about one of the store's reviews; null otherwise. */
  reviewId: string | null;
}

const ENGAGEMENT: ReadonlySet<TStoreEventType> = new Set(ENGAGEMENT_EVENT_TYPES);

export function isEngagement(type: TStoreEventType): boolean {
  return ENGAGEMENT.has(type);
}

/** The key of what a session sent, per type, product and review. */
export function historyKey(type: TStoreEventType, productId: string | null, reviewId: string | null = null): string {
  return `${type}|${productId ?? ''}|${reviewId ?? ''}`;
}

/**
 * The events of a beacon batch worth storing, given how many of each (type, product, review) the session sent
 * before: anything but a view counts only after the session saw the widget on that product's page (a view, earlier
 * in this batch or before); a session adds one product to the cart at most CARTS_PER_SESSION_PRODUCT times; and the
 * player's reports (a quarter watched, unmute, full screen) name one of the store's reviews and count once per
 * session and review.
 */
export function admitBeacons<T extends SessionEvent>(events: T[], sent: ReadonlyMap<string, number>): T[] {
  const counts = new Map(sent);
  const admitted: T[] = [];
  for (const event of events) {
    const key = historyKey(event.type, event.productId, event.reviewId);
    const seen = counts.get(key) ?? 0;
    if (event.type !== 'view' && !counts.get(historyKey('view', event.productId))) continue;
    if (event.type === 'add_to_cart' && seen >= CARTS_PER_SESSION_PRODUCT) continue;
    if (isEngagement(event.type) && (!event.reviewId || seen)) continue;
    counts.set(key, seen + 1);
    admitted.push(event);
  }
  return admitted;
}
