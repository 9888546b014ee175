import { z } from 'zod';
import { pageFields, ZPage } from './reviews.js';
import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_URL_MAX,
} from './webhook-endpoint-options.js';

// Issue 28: endpoints an integrator registers to be told of reviews, questions and requests, signed per the
// Standard Webhooks scheme. (The platforms' webhooks *to* us are shared/webhooks.ts.)

export * from './webhook-endpoint-options.js';

const url = z
  .url({ protocol: /^https?$/, error: 'A web address starting with https://.' })
  .max(WEBHOOK_URL_MAX, `At most ${WEBHOOK_URL_MAX} characters.`);
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Each one of ${WEBHOOK_EVENT_TYPES.join(', ')}.` }))
  .min(1, 'Choose at least one event.')
  .transform((types) => [...new Set(types)]);
const description = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, `At most ${WEBHOOK_DESCRIPTION_MAX} characters.`);

/** `POST /api/webhook-endpoints/` */
export const ZWebhookEndpointCreate = z.object({ url, events, description: description.default('') });
export type TWebhookEndpointCreate = z.output<typeof ZWebhookEndpointCreate>;

/** `PATCH /api/webhook-endpoints/{id}/`: `enabled: true` turns a disabled endpoint back on (its failures forgotten). */
export const ZWebhookEndpointUpdate = z.object({ url, events, description, enabled: z.boolean() }).partial().strict();
export type TWebhookEndpointUpdate = z.output<typeof ZWebhookEndpointUpdate>;

export const ZWebhookEndpoint = z
  .object({
    id: z.uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    /** Why it is disabled; null while enabled. */
    disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
    disabled_at: z.string().nullable(),
    /** Since when every delivery has failed; null while the last one succeeded (or none was tried). */
    failing_since: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type TWebhookEndpoint = z.output<typeof ZWebhookEndpoint>;

/** The signing secret (`whsec_…`), shown this once: at creation, and when it is rotated. */
export const ZWebhookSecret = z.object({ secret: z.string() }).meta({ id: 'WebhookSecret' });
export type TWebhookSecret = z.output<typeof ZWebhookSecret>;

export const ZWebhookEndpointCreated = ZWebhookEndpoint.extend(ZWebhookSecret.shape).meta({
  id: 'WebhookEndpointCreated',
});
export type TWebhookEndpointCreated = z.output<typeof ZWebhookEndpointCreated>;

export const ZWebhookEndpointList = z
  .object({ results: z.array(ZWebhookEndpoint) })
  .meta({ id: 'WebhookEndpointList' });
export type TWebhookEndpointList = z.output<typeof ZWebhookEndpointList>;

export const ZWebhookDelivery = z
  .object({
    id: z.uuid(),
    /** The message's id, the `webhook-id` header: the same on every attempt and resend, for the receiver to dedupe. */
    message_id: z.string(),
    type: z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.int().nonnegative(),
    /** The last attempt's HTTP status; null when it got no answer (see `error`). */
    response_status: z.int().nullable(),
    /** The start of the last answer's body, at most 1 KB. */
    response_excerpt: z.string().nullable(),
    /** Why the last attempt got no answer (timeout, refused address …). */
    error: z.string().nullable(),
    created_at: z.string(),
    last_attempt_at: z.string().nullable(),
    /** The exact body sent, as JSON. */
    payload: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'WebhookDelivery' });
export type TWebhookDelivery = z.output<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryListQuery = z.object(pageFields(WEBHOOK_DELIVERIES_PAGE_SIZE));
export type TWebhookDeliveryListQuery = z.output<typeof ZWebhookDeliveryListQuery>;

export const ZWebhookDeliveryPage = ZPage(ZWebhookDelivery).meta({ id: 'WebhookDeliveryPage' });
export type TWebhookDeliveryPage = z.output<typeof ZWebhookDeliveryPage>;
