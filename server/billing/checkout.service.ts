import { Inject, Injectable } from '@nestjs/common';
import type {
  TShopifyCheckout,
  TShopifyCheckoutSession,
  TStripeCheckout,
  TStripeCheckoutSession,
} from '../../shared/billing.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import { ApiError } from '../common/api-error.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { PlatformBillings } from './platform-billing.js';
import type { PlanRow } from './plans.repository.js';
import { PlansService } from './plans.service.js';
import { StripeBilling } from './stripe/stripe-billing.service.js';

/**
 * SPEC §4 Checkout: Shopify stores buy through Shopify's hosted checkout; others through Stripe Checkout. Redirects
 * go only to this deployment's own pages.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly plans: PlansService,
    private readonly stripe: StripeBilling,
    private readonly platforms: PlatformBillings,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private ownUrl(field: string, url: string): string {
    const origin = new URL(this.config.publicUrl).origin;
    if (new URL(url).origin !== origin) {
      throw ApiError.validation({ [field]: [`Only addresses on ${origin} are accepted.`] });
    }
    return url;
  }

  private async purchasable(field: string, planId: string): Promise<PlanRow> {
    const plan = await this.plans.find(planId);
    if (!plan || plan.status !== 'active') throw ApiError.validation({ [field]: ['No such plan.'] });
    if (plan.free) throw ApiError.validation({ [field]: ['The Free plan needs no checkout.'] });
    return plan;
  }

  async shopify(auth: WorkspaceContext, body: TShopifyCheckout): Promise<TShopifyCheckoutSession> {
    const merchant = storeOf(auth);
    const platform = this.platforms.of(merchant);
    if (!platform) {
      throw ApiError.badRequest('This store is not billed by its platform: pay with a card.', 'wrong_checkout');
    }
    const plan = await this.purchasable('plan_id', body.plan_id);
    return platform.checkout(merchant, plan, this.ownUrl('return_url', body.return_url));
  }

  async stripeCheckout(auth: WorkspaceContext, body: TStripeCheckout): Promise<TStripeCheckoutSession> {
    const merchant = storeOf(auth);
    if (this.platforms.of(merchant)) {
      throw ApiError.badRequest('This store is billed by its platform: use its checkout.', 'wrong_checkout');
    }
    const plan = await this.purchasable('product_id', body.product_id);
    return this.stripe.checkout(
      merchant,
      plan,
      { success: this.ownUrl('success_url', body.success_url), cancel: this.ownUrl('cancel_url', body.cancel_url) },
      auth.user.email,
    );
  }
}
