import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  ZActiveSubscription,
  ZAttachPaymentMethod,
  ZBillingConfig,
  ZChangePlan,
  ZCurrentUsage,
  ZDeletePaymentMethod,
  ZPaymentMethod,
  ZPaymentMethodList,
  ZPaymentMethodsQuery,
  ZSetupIntent,
  ZShopifyCheckout,
  ZShopifyCheckoutSession,
  ZStripeCheckout,
  ZStripeCheckoutSession,
  type TActiveSubscription,
  type TBillingConfig,
  type TCurrentUsage,
  type TPaymentMethod,
  type TSetupIntent,
  type TShopifyCheckoutSession,
  type TStripeCheckoutSession,
} from '../../shared/billing.js';
import type { TListOf } from '../../shared/accounts.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { Inputs } from '../common/route-inputs.js';
import { Answers, type RouteAnswer } from '../common/route-outputs.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { BillingConfigService } from './billing-config.service.js';
import { CheckoutService } from './checkout.service.js';
import { PaymentMethodsService } from './payment-methods.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

// The refusals of the routes that call Stripe (server/billing/stripe/stripe-errors.ts).
const NOT_CONFIGURED: RouteAnswer = {
  description: 'Billing is not configured on this server (`billing_not_configured`).',
};
const STRIPE_FAILED: RouteAnswer = {
  description: 'Stripe answered with an error (`payment_provider_unavailable`): retry after `Retry-After` seconds.',
};
const UNREACHABLE: RouteAnswer = {
  description:
    'The database, or Stripe (`payment_provider_unavailable`), cannot be reached for a moment: retry after ' +
    '`Retry-After` seconds.',
};

/** SPEC §7 Billing (plans have their own controller). Buying and cards are the owner's (DESIGN §6.5). */
@Controller('api/billing')
export class BillingController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly checkouts: CheckoutService,
    private readonly paymentMethods: PaymentMethodsService,
    private readonly billingConfig: BillingConfigService,
  ) {}

  @Get('config/')
  @Authenticated('manage_billing')
  @Answers(ZBillingConfig)
  config(@Auth() auth: AuthContext): Promise<TBillingConfig> {
    return this.billingConfig.of(requireWorkspace(auth));
  }

  @Get('subscriptions/get_active_subscription/')
  @Authenticated('manage_billing')
  @Answers(ZActiveSubscription, { description: 'The store’s subscription, or `{}` when it has none (Free).' })
  active(@Auth() auth: AuthContext): Promise<TActiveSubscription> {
    return this.subscriptions.active(requireWorkspace(auth));
  }

  @Get('subscriptions/current_usage/')
  @Authenticated('view_dashboard')
  @Answers(ZCurrentUsage)
  currentUsage(@Auth() auth: AuthContext): Promise<TCurrentUsage> {
    return this.subscriptions.currentUsage(requireWorkspace(auth));
  }

  @Post('subscriptions/:id/change_plan/')
  @HttpCode(200)
  @Authenticated('manage_billing')
  @Answers(ZActiveSubscription, {
    description: 'Changed in place, prorated: the new plan’s limits apply at once (Free: at the period’s end).',
    answers: {
      400: {
        description:
          'The input is invalid (no such plan, the current one), the subscription has ended (`subscription_ended`) ' +
          'or is Shopify’s (`use_checkout`), the plan cannot be bought online (`plan_not_purchasable`), or Stripe ' +
          'refused the change (`payment_refused`).',
      },
      404: { description: 'No subscription of the store has this id, or billing is not configured here.' },
      502: STRIPE_FAILED,
      503: UNREACHABLE,
    },
  })
  changePlan(
    @Auth() auth: AuthContext,
    @Param('id', UuidParam) id: string,
    @Body(new ZodPipe(ZChangePlan)) body: z.output<typeof ZChangePlan>,
  ): Promise<TActiveSubscription> {
    return this.subscriptions.changePlan(requireWorkspace(auth), id, body.new_plan_id);
  }

  /** SPEC §7: a Stripe checkout names itself (header `X-Payment-Platform` or `platform`); otherwise Shopify's. */
  @Post('checkout/create-checkout-session/')
  @HttpCode(200)
  @Authenticated('manage_billing')
  @Answers(z.union([ZShopifyCheckoutSession, ZStripeCheckoutSession]), {
    description: 'Where to send the merchant to pay: Shopify’s approval page, or Stripe Checkout’s.',
    answers: {
      400: {
        description:
          'The input is invalid (no such plan, the Free plan, an address not on this server), the store pays the ' +
          'other way (`wrong_checkout`), the plan cannot be bought online (`plan_not_purchasable`), or Stripe or ' +
          'Shopify refused the checkout (`payment_refused`, `platform_refused`).',
      },
      404: NOT_CONFIGURED,
      502: { description: 'Stripe or Shopify answered with an error: try again in a minute.' },
      503: UNREACHABLE,
    },
  })
  @Inputs({ body: z.union([ZStripeCheckout, ZShopifyCheckout]) })
  checkout(
    @Auth() auth: AuthContext,
    @Headers('x-payment-platform') paymentPlatform: string | undefined,
    @Body() body: unknown,
  ): Promise<TShopifyCheckoutSession | TStripeCheckoutSession> {
    const workspace = requireWorkspace(auth);
    const named = (body as { platform?: unknown } | null)?.platform;
    if (paymentPlatform === 'stripe' || named === 'stripe') {
      return this.checkouts.stripeCheckout(workspace, new ZodPipe(ZStripeCheckout).transform(body));
    }
    return this.checkouts.shopify(workspace, new ZodPipe(ZShopifyCheckout).transform(body));
  }

  @Get('payment-methods/list_payment_methods/')
  @Authenticated('manage_billing')
  @Answers(ZPaymentMethodList, { description: 'The store’s cards; none when Stripe cannot be read right now.' })
  listPaymentMethods(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZPaymentMethodsQuery)) query: z.output<typeof ZPaymentMethodsQuery>,
  ): Promise<TListOf<TPaymentMethod>> {
    return this.paymentMethods.list(requireWorkspace(auth), query.limit);
  }

  @Post('payment-methods/create_payment_method/')
  @HttpCode(200)
  @Authenticated('manage_billing')
  @Answers(ZSetupIntent, {
    description:
      'A SetupIntent for Stripe Elements to save a card with (the store’s Stripe customer made on first need).',
    answers: {
      400: { description: 'The store is billed by its platform: it has no card here (`wrong_checkout`).' },
      404: NOT_CONFIGURED,
      502: STRIPE_FAILED,
      503: UNREACHABLE,
    },
  })
  createPaymentMethod(@Auth() auth: AuthContext): Promise<TSetupIntent> {
    return this.paymentMethods.setupIntent(requireWorkspace(auth));
  }

  @Post('payment-methods/attach_payment_method/')
  @HttpCode(200)
  @Authenticated('manage_billing')
  @Answers(ZPaymentMethod, {
    description: 'The card, now the one the subscription charges.',
    answers: {
      400: {
        description:
          'The input is invalid, the store is billed by its platform (`wrong_checkout`), or Stripe refused the card ' +
          '(`payment_refused`).',
      },
      403: {
        description:
          "The workspace is not the caller's, the caller's role lacks `manage_billing`, or the customer is not the " +
          'store’s (`not_your_customer`).',
      },
      404: { description: 'No such payment method of the store’s customer, or billing is not configured here.' },
      502: STRIPE_FAILED,
      503: UNREACHABLE,
    },
  })
  attachPaymentMethod(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZAttachPaymentMethod)) body: z.output<typeof ZAttachPaymentMethod>,
  ): Promise<TPaymentMethod> {
    return this.paymentMethods.attach(requireWorkspace(auth), body.payment_method_id, body.customer_id);
  }

  @Post('payment-methods/delete_payment_method/')
  @HttpCode(204)
  @Authenticated('manage_billing')
  @Answers(null, {
    description: 'The card is removed from the store’s customer.',
    answers: {
      404: { description: 'No such payment method of the store’s customer, or billing is not configured here.' },
      502: STRIPE_FAILED,
      503: UNREACHABLE,
    },
  })
  deletePaymentMethod(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZDeletePaymentMethod)) body: z.output<typeof ZDeletePaymentMethod>,
  ): Promise<void> {
    return this.paymentMethods.detach(requireWorkspace(auth), body.payment_method_id);
  }
}
