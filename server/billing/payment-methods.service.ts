import { Injectable } from '@nestjs/common';
import type { TListOf } from '../../shared/accounts.js';
import type { TPaymentMethod, TSetupIntent } from '../../shared/billing.js';
import type { MerchantRow } from '../accounts/accounts.repository.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import { ApiError } from '../common/api-error.js';
import { PlatformBillings } from './platform-billing.js';
import { StripeBilling } from './stripe/stripe-billing.service.js';

/** SPEC §7 payment methods, for stores that pay by card (a platform-billed store has none to manage). */
@Injectable()
export class PaymentMethodsService {
  constructor(
    private readonly stripe: StripeBilling,
    private readonly platforms: PlatformBillings,
  ) {}

  private cardPaying(auth: WorkspaceContext): MerchantRow {
    const merchant = storeOf(auth);
    if (this.platforms.of(merchant)) {
      throw ApiError.badRequest('This store is billed by its platform: it has no card here.', 'wrong_checkout');
    }
    return merchant;
  }

  list(auth: WorkspaceContext, limit: number): Promise<TListOf<TPaymentMethod>> {
    return this.listFor(storeOf(auth), limit);
  }

  async listFor(merchant: MerchantRow, limit: number): Promise<TListOf<TPaymentMethod>> {
    return { results: await this.stripe.paymentMethods(merchant, limit) };
  }

  setupIntent(auth: WorkspaceContext): Promise<TSetupIntent> {
    return this.stripe.setupIntent(this.cardPaying(auth), auth.user.email);
  }

  attach(auth: WorkspaceContext, paymentMethodId: string, customerId: string): Promise<TPaymentMethod> {
    return this.stripe.attach(this.cardPaying(auth), paymentMethodId, customerId);
  }

  detach(auth: WorkspaceContext, paymentMethodId: string): Promise<void> {
    return this.stripe.detach(storeOf(auth), paymentMethodId);
  }
}
