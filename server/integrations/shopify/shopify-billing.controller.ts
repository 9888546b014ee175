import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { BillingMerchantsRepository } from '../../billing/billing-merchants.repository.js';
import { Inputs } from '../../common/route-inputs.js';
import { Answers } from '../../common/route-outputs.js';
import { SubscriptionsRepository } from '../../billing/subscriptions.repository.js';
import { ShopifyBilling } from './shopify-billing.service.js';

const ZReturn = z.object({
  next: z.string().max(2000),
  subscription: z.string().max(200).optional(),
  charge_id: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
});

/**
 * Where Shopify sends the merchant after approving (or declining) a charge: the charge is confirmed with Shopify's
 * API, never from this request's parameters, then the merchant goes on to the page they came from.
 */
@Controller('api/billing/shopify')
export class ShopifyBillingController {
  constructor(
    private readonly billing: ShopifyBilling,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly merchants: BillingMerchantsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('return/')
  @Inputs({ query: ZReturn })
  @Answers(null, {
    status: 303,
    description:
      'To `next` when it is a page of this server (else the billing page), once the charge is read from Shopify; ' +
      'to `/billing/cancel` when the merchant declined it.',
  })
  async return(@Query() query: unknown, @Res() reply: FastifyReply): Promise<void> {
    const parsed = ZReturn.safeParse(query);
    const origin = new URL(this.config.publicUrl).origin;
    const next = parsed.success && URL.canParse(parsed.data.next) ? new URL(parsed.data.next) : null;
    const destination = next && next.origin === origin ? next.href : `${origin}/settings/billing`;
    const chargeId = parsed.success ? parsed.data.charge_id : undefined;
    if (chargeId) {
      const gid = `gid://shopify/AppSubscription/${chargeId}`;
      const known = await this.subscriptions.findByProviderId('shopify', gid);
      const merchant = known ? await this.merchants.find(known.merchantId) : null;
      if (merchant) {
        const row = await this.billing.sync(merchant, gid).catch(() => null);
        if (row?.status === 'canceled') {
          await reply.redirect(`${origin}/billing/cancel`, 303);
          return;
        }
      }
    }
    await reply.redirect(destination, 303);
  }
}
