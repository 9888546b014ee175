import { z } from 'zod';

// What the webhook receivers (`POST /api/webhooks/{stripe,shopify,bigcommerce,tiendanube}/`) answer a platform:
// server/inbox/webhook-receiver.ts.

/** `accepted`: stored, its work follows after the answer; `duplicate`: stored already, so it has no second effect. */
export const WEBHOOK_RECEIPTS = ['accepted', 'duplicate'] as const;

export const ZWebhookReceipt = z.object({ detail: z.enum(WEBHOOK_RECEIPTS) }).meta({ id: 'WebhookReceipt' });
export type TWebhookReceipt = z.output<typeof ZWebhookReceipt>;
