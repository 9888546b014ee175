// The outgoing webhooks' plain constants, without zod: the dashboard's page imports these, and zod would weigh on its
// first load. shared/webhook-endpoints.ts re-exports them beside its schemas.

/** What an endpoint can be told of; each delivery's `type`. */
export const WEBHOOK_EVENT_TYPES = [
  'review.created',
  'review.published',
  'review.rejected',
  'review.deleted',
  'review.replied',
  'question.created',
  'request.reviewed',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The type of "send a test event": sent to one endpoint on demand, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Endpoints one store may register. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

/** An endpoint that has failed every delivery for this long is disabled, and the store's owners are told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;

/** How much of an endpoint's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;

/** `pending`: not delivered yet (waiting for its first attempt or a retry); `failed`: every attempt failed. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type TWebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why an endpoint is disabled: the merchant turned it off, or it failed for WEBHOOK_DISABLE_AFTER_DAYS. */
export const WEBHOOK_DISABLED_REASONS = ['merchant', 'failing'] as const;
export type TWebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
