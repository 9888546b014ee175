import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { InboxModule } from '../inbox/inbox.module.js';
import { BillingConfigService } from './billing-config.service.js';
import { BillingController } from './billing.controller.js';
import { BillingReaders } from './billing-readers.js';
import { BillingMerchantsRepository } from './billing-merchants.repository.js';
import { CheckoutService } from './checkout.service.js';
import { PaymentMethodsService } from './payment-methods.service.js';
import { PlanLimitsService } from './plan-limits.service.js';
import { PlatformBillings } from './platform-billing.js';
import { PlansController } from './plans.controller.js';
import { PlansRepository } from './plans.repository.js';
import { PlansService } from './plans.service.js';
import { ReviewUsageRepository } from './review-usage.repository.js';
import { StripeBilling } from './stripe/stripe-billing.service.js';
import { StripeWebhooks } from './stripe/stripe-webhooks.js';
import { StripeGateway } from './stripe/stripe.gateway.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';

/**
 * Plans, subscriptions and the limits they set (DESIGN §6.3–§6.4): Stripe for card-paying stores, and the billing a
 * store platform registers (Shopify) for its stores. Reviews ask it whether a review fits the plan.
 */
@Module({
  imports: [AuthModule, InboxModule],
  controllers: [PlansController, BillingController],
  providers: [
    BillingConfigService,
    BillingMerchantsRepository,
    BillingReaders,
    CheckoutService,
    PaymentMethodsService,
    PlanLimitsService,
    PlatformBillings,
    PlansRepository,
    PlansService,
    ReviewUsageRepository,
    StripeBilling,
    StripeGateway,
    StripeWebhooks,
    SubscriptionsRepository,
    SubscriptionsService,
  ],
  exports: [PlansService, PlanLimitsService, PlatformBillings, SubscriptionsRepository, BillingMerchantsRepository],
})
export class BillingModule {}
