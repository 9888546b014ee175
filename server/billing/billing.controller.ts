import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  ZAttachPaymentMethod,
  ZChangePlan,
  ZDeletePaymentMethod,
  ZPaymentMethodsQuery,
  ZShopifyCheckout,
  ZStripeCheckout,
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
import { UuidParam } from '../common/uuid.pipe.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { BillingConfigService } from './billing-config.service.js';
import { CheckoutService } from './checkout.service.js';
import { PaymentMethodsService } from './payment-methods.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

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
  config(@Auth() auth: AuthContext): Promise<TBillingConfig> {
    return this.billingConfig.of(requireWorkspace(auth));
  }

  @Get('subscriptions/get_active_subscription/')
  @Authenticated('manage_billing')
  active(@Auth() auth: AuthContext): Promise<TActiveSubscription> {
    return this.subscriptions.active(requireWorkspace(auth));
  }

  @Get('subscriptions/current_usage/')
  @Authenticated('view_dashboard')
  currentUsage(@Auth() auth: AuthContext): Promise<TCurrentUsage> {
    return this.subscriptions.currentUsage(requireWorkspace(auth));
  }

  @Post('subscriptions/:id/change_plan/')
  @HttpCode(200)
  @Authenticated('manage_billing')
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
  listPaymentMethods(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZPaymentMethodsQuery)) query: z.output<typeof ZPaymentMethodsQuery>,
  ): Promise<TListOf<TPaymentMethod>> {
    return this.paymentMethods.list(requireWorkspace(auth), query.limit);
  }

  @Post('payment-methods/create_payment_method/')
  @HttpCode(200)
  @Authenticated('manage_billing')
  createPaymentMethod(@Auth() auth: AuthContext): Promise<TSetupIntent> {
    return this.paymentMethods.setupIntent(requireWorkspace(auth));
  }

  @Post('payment-methods/attach_payment_method/')
  @HttpCode(200)
  @Authenticated('manage_billing')
  attachPaymentMethod(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZAttachPaymentMethod)) body: z.output<typeof ZAttachPaymentMethod>,
  ): Promise<TPaymentMethod> {
    return this.paymentMethods.attach(requireWorkspace(auth), body.payment_method_id, body.customer_id);
  }

  @Post('payment-methods/delete_payment_method/')
  @HttpCode(204)
  @Authenticated('manage_billing')
  deletePaymentMethod(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZDeletePaymentMethod)) body: z.output<typeof ZDeletePaymentMethod>,
  ): Promise<void> {
    return this.paymentMethods.detach(requireWorkspace(auth), body.payment_method_id);
  }
}
