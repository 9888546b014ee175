import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { BillingConfigService } from './billing-config.service.js';
import { PaymentMethodsService } from './payment-methods.service.js';
import { PlanLimitsService } from './plan-limits.service.js';
import { PlansService } from './plans.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** The billing page's plan, usage, plans on sale and (the owner's) payment set-up, drawn with the page. */
@Injectable()
export class BillingReaders implements OnModuleInit {
  constructor(
    private readonly plans: PlansService,
    private readonly limits: PlanLimitsService,
    private readonly billingConfig: BillingConfigService,
    private readonly subscriptions: SubscriptionsService,
    private readonly paymentMethods: PaymentMethodsService,
    private readonly accounts: AccountsRepository,
    private readonly readers: ServerReaders,
  ) {}

  // Each with its API route's permission; the plans route asks for none.
  onModuleInit(): void {
    this.readers.register('billingPlans', null, (_id, _user, reads) => () => this.plans.list('active', reads));
    this.readers.register(
      'currentUsage',
      'view_dashboard',
      (merchantId, _user, reads) => () => this.limits.currentUsage(merchantId, reads),
    );
    this.readers.register(
      'billingConfig',
      'manage_billing',
      (merchantId) => async () => this.billingConfig.forStore(await this.accounts.requireMerchant(merchantId)),
    );
    this.readers.register(
      'activeSubscription',
      'manage_billing',
      (merchantId, _user, reads) => () => this.subscriptions.activeOf(merchantId, reads),
    );
    this.readers.register(
      'paymentMethods',
      'manage_billing',
      (merchantId) => async (limit) =>
        this.paymentMethods.listFor(await this.accounts.requireMerchant(merchantId), limit),
    );
  }
}
