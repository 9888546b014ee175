import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { TPaymentMethod, TSetupIntent, TStripeCheckoutSession } from '../../../shared/billing.js';
import type { MerchantRow } from '../../accounts/accounts.repository.js';
import { ApiError } from '../../common/api-error.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { BillingMerchantsRepository } from '../billing-merchants.repository.js';
import type { PlanRow } from '../plans.repository.js';
import { PlansService } from '../plans.service.js';
import { SubscriptionsRepository, type SubscriptionRow } from '../subscriptions.repository.js';
import { refusedByStripe, stripeUnavailable } from './stripe-errors.js';
import { idOf, mapPaymentMethod, periodEnd, seconds, statusOf } from './stripe.mappers.js';
import { StripeGateway } from './stripe.gateway.js';

/**
 * Subscriptions through Stripe (EXTERNAL_APIS §4): one Stripe customer per store, made once; hosted Checkout to
 * subscribe; subscription item updates with proration to change plan; SetupIntents for cards, so card numbers go from
 * Stripe Elements to Stripe and never through this server.
 */
@Injectable()
export class StripeBilling {
  private readonly logger = new Logger(StripeBilling.name);

  constructor(
    private readonly gateway: StripeGateway,
    private readonly plans: PlansService,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly merchants: BillingMerchantsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private assertConfigured(): void {
    if (!this.gateway.configured) {
      throw new ApiError(404, { detail: 'Billing is not configured on this server.', code: 'billing_not_configured' });
    }
  }

  /**
   * Every call to Stripe goes through here: Stripe out of reach becomes 503 or 502 `payment_provider_unavailable` with
   * Retry-After, whatever the call (Stripe's refusals of a merchant's request keep their own handling).
   */
  private async call<T>(work: (stripe: Stripe) => Promise<T>): Promise<T> {
    this.assertConfigured();
    try {
      return await work(this.gateway.stripe);
    } catch (error) {
      throw stripeUnavailable(error) ?? error;
    }
  }

  /** The store's Stripe customer, created on first need and reused. */
  async customerOf(merchant: MerchantRow, email: string): Promise<string> {
    if (merchant.stripeCustomerId) return merchant.stripeCustomerId;
    const created = await this.call((stripe) =>
      stripe.customers.create({
        email,
        name: merchant.storeName || undefined,
        metadata: { merchant_id: merchant.id, store_id: merchant.storeId },
      }),
    );
    const kept = await this.merchants.claimStripeCustomer(merchant.id, created.id);
    if (kept !== created.id) {
      // Another request made one at the same moment: theirs is kept, this one goes.
      await this.call((stripe) => stripe.customers.del(created.id)).catch(() => undefined);
    }
    return kept;
  }

  async checkout(
    merchant: MerchantRow,
    plan: PlanRow,
    urls: { success: string; cancel: string },
    email: string,
  ): Promise<TStripeCheckoutSession> {
    this.assertConfigured();
    const price = plan.stripePriceId;
    if (!price) {
      throw ApiError.badRequest('This plan cannot be bought online yet.', 'plan_not_purchasable');
    }
    const customer = await this.customerOf(merchant, email);
    const metadata = { merchant_id: merchant.id, plan_id: plan.id };
    const success = new URL(urls.success);
    success.searchParams.set('session_id', '{CHECKOUT_SESSION_ID}');
    try {
      const session = await this.call((stripe) =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          line_items: [{ price, quantity: 1 }],
          // Stripe fills the placeholder; URLSearchParams would have encoded its braces.
          success_url: success.href.replace(encodeURIComponent('{CHECKOUT_SESSION_ID}'), '{CHECKOUT_SESSION_ID}'),
          cancel_url: urls.cancel,
          client_reference_id: merchant.id,
          metadata,
          subscription_data: { metadata },
        }),
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { url: session.url, id: session.id };
    } catch (error) {
      throw refusedByStripe(error) ?? error;
    }
  }

  /** Records Stripe's view of a subscription as of `at` (an event's time); an older view changes nothing. */
  async applySubscription(subscription: Stripe.Subscription, at: Date): Promise<SubscriptionRow | null> {
    const customer = idOf(subscription.customer);
    const merchantId =
      subscription.metadata?.merchant_id ??
      (customer ? await this.subscriptions.merchantByStripeCustomer(customer) : null);
    const item = subscription.items.data[0];
    const plan = item ? await this.plans.findByStripePrice(item.price.id) : null;
    if (!merchantId || !plan) {
      this.logger.warn(
        { subscription: subscription.id },
        'A Stripe subscription of no known store or plan was ignored',
      );
      return null;
    }
    return this.subscriptions.applyReport({
      merchantId,
      planId: plan.id,
      provider: 'stripe',
      providerSubscriptionId: subscription.id,
      providerItemId: item.id,
      status: statusOf(subscription),
      currentPeriodEnd: periodEnd(subscription, item),
      trialEndsAt: seconds(subscription.trial_end),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      canceledAt: seconds(subscription.canceled_at),
      at,
    });
  }

  /** Fetches the subscription now and records it (a completed checkout names it without its details). */
  async syncSubscription(id: string, at: Date): Promise<SubscriptionRow | null> {
    return this.applySubscription(await this.call((stripe) => stripe.subscriptions.retrieve(id)), at);
  }

  /** The plan's price replaces the item's, prorated; Free means cancelling at the period's end. */
  async changePlan(subscription: SubscriptionRow, plan: PlanRow): Promise<void> {
    const id = subscription.providerSubscriptionId as string;
    if (plan.free) {
      await this.call((stripe) => stripe.subscriptions.update(id, { cancel_at_period_end: true }));
      return;
    }
    const price = plan.stripePriceId;
    const item = subscription.providerItemId;
    if (!price || !item) {
      throw ApiError.badRequest('This plan cannot be bought online yet.', 'plan_not_purchasable');
    }
    try {
      await this.call((stripe) =>
        stripe.subscriptions.update(id, {
          items: [{ id: item, price }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: false,
        }),
      );
    } catch (error) {
      throw refusedByStripe(error) ?? error;
    }
  }

  async setupIntent(merchant: MerchantRow, email: string): Promise<TSetupIntent> {
    const customer = await this.customerOf(merchant, email);
    const intent = await this.call((stripe) =>
      stripe.setupIntents.create({ customer, usage: 'off_session', metadata: { merchant_id: merchant.id } }),
    );
    if (!intent.client_secret) throw new Error('Stripe answered a setup intent without a client secret');
    return { id: intent.id, client_secret: intent.client_secret, customer_id: customer };
  }

  /** SPEC §8: a payment-method list that cannot be read is an empty list. */
  async paymentMethods(merchant: MerchantRow, limit: number): Promise<TPaymentMethod[]> {
    const customer = merchant.stripeCustomerId;
    if (!customer || !this.gateway.configured) return [];
    try {
      const [list, record] = await this.call((stripe) =>
        Promise.all([
          stripe.paymentMethods.list({ customer, type: 'card', limit }),
          stripe.customers.retrieve(customer),
        ]),
      );
      const defaultId = 'deleted' in record ? null : idOf(record.invoice_settings?.default_payment_method);
      return list.data
        .map((method) => mapPaymentMethod(method, defaultId))
        .filter((method): method is TPaymentMethod => method !== null);
    } catch (error) {
      this.logger.warn({ err: error, merchantId: merchant.id }, 'Could not list payment methods');
      return [];
    }
  }

  /** A card the page saved through a SetupIntent becomes the one the subscription charges. */
  async attach(merchant: MerchantRow, paymentMethodId: string, customerId: string): Promise<TPaymentMethod> {
    if (!merchant.stripeCustomerId || merchant.stripeCustomerId !== customerId) {
      throw ApiError.forbidden('This is not your store’s customer.', 'not_your_customer');
    }
    const method = await this.ownMethod(paymentMethodId, customerId, true);
    try {
      const attached = idOf(method.customer)
        ? method
        : await this.call((stripe) => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      await this.call((stripe) =>
        stripe.customers.update(customerId, { invoice_settings: { default_payment_method: attached.id } }),
      );
      const live = await this.subscriptions.latestLive(merchant.id);
      const subscriptionId = live?.subscription.provider === 'stripe' ? live.subscription.providerSubscriptionId : null;
      if (subscriptionId) {
        await this.call((stripe) =>
          stripe.subscriptions.update(subscriptionId, { default_payment_method: attached.id }),
        );
      }
      return mapPaymentMethod(attached, attached.id) as TPaymentMethod;
    } catch (error) {
      throw refusedByStripe(error) ?? error;
    }
  }

  async detach(merchant: MerchantRow, paymentMethodId: string): Promise<void> {
    if (!merchant.stripeCustomerId) throw ApiError.notFound('No such payment method.');
    await this.ownMethod(paymentMethodId, merchant.stripeCustomerId, false);
    await this.call((stripe) => stripe.paymentMethods.detach(paymentMethodId));
  }

  /** The payment method, when it is this customer's (or, to attach it, nobody's yet); else 404 as if unknown. */
  private async ownMethod(id: string, customerId: string, unattachedAllowed: boolean): Promise<Stripe.PaymentMethod> {
    let method: Stripe.PaymentMethod;
    try {
      method = await this.call((stripe) => stripe.paymentMethods.retrieve(id));
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) throw ApiError.notFound('No such payment method.');
      throw error;
    }
    const owner = idOf(method.customer);
    if (owner === customerId || (owner === null && unattachedAllowed)) return method;
    throw ApiError.notFound('No such payment method.');
  }

  get publishable(): { publishable_key: string; js_url: string } | null {
    const key = this.config.stripe.publishableKey;
    return this.gateway.configured && key ? { publishable_key: key, js_url: this.config.stripe.jsUrl } : null;
  }
}
