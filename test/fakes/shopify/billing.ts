import type { IncomingMessage } from 'node:http';
import type { Answer, OperationContext, ShopState } from './graphql.js';

// Shopify's app billing (EXTERNAL_APIS §1.3): appSubscriptionCreate answers a confirmation URL; the merchant approves or
// declines there and returns to the app's returnUrl with `charge_id`; the app reads the charge back by id.

export type ChargeStatus = 'PENDING' | 'ACTIVE' | 'DECLINED' | 'CANCELLED' | 'EXPIRED' | 'FROZEN';

export interface FakeCharge {
  id: string;
  /** The numeric id Shopify appends to the returnUrl as `charge_id`. */
  legacyId: number;
  name: string;
  status: ChargeStatus;
  trialDays: number;
  test: boolean;
  amount: number;
  currency: string;
  interval: string;
  returnUrl: string;
  createdAt: string;
  updatedAt: string;
}

type Variables = Record<string, unknown>;

const DAY_MS = 24 * 60 * 60 * 1000;

export function chargeNode(charge: FakeCharge) {
  const periodEnd = new Date(new Date(charge.createdAt).getTime() + (charge.trialDays + 30) * DAY_MS).toISOString();
  return {
    id: charge.id,
    name: charge.name,
    status: charge.status,
    trialDays: charge.trialDays,
    createdAt: charge.createdAt,
    currentPeriodEnd: charge.status === 'ACTIVE' ? periodEnd : null,
    test: charge.test,
  };
}

export const billingOperations: Record<
  string,
  (state: ShopState, variables: Variables, context: OperationContext) => Answer
> = {
  AppSubscriptionCreate: (state, variables, { gid, baseUrl }) => {
    const { name, returnUrl, trialDays, test, lineItems } = variables;
    const pricing = (
      lineItems as Array<{ plan?: { appRecurringPricingDetails?: Record<string, unknown> } }> | undefined
    )?.[0]?.plan?.appRecurringPricingDetails as
      { price?: { amount?: number; currencyCode?: string }; interval?: string } | undefined;
    const userErrors: Array<{ field: string[]; message: string }> = [];
    if (typeof name !== 'string' || !name) userErrors.push({ field: ['name'], message: 'Name can’t be blank' });
    if (typeof returnUrl !== 'string' || !URL.canParse(returnUrl)) {
      userErrors.push({ field: ['returnUrl'], message: 'Return url is invalid' });
    }
    if (!pricing?.price?.amount || !pricing.interval) {
      userErrors.push({ field: ['lineItems'], message: 'Line items must have a recurring price' });
    }
    if (userErrors.length) {
      return {
        cost: 10,
        data: { appSubscriptionCreate: { appSubscription: null, confirmationUrl: null, userErrors } },
      };
    }
    const id = gid('AppSubscription');
    const now = new Date().toISOString();
    const charge: FakeCharge = {
      id,
      legacyId: Number(id.split('/').pop()),
      name: name as string,
      status: 'PENDING',
      trialDays: typeof trialDays === 'number' ? trialDays : 0,
      test: test === true,
      amount: pricing!.price!.amount!,
      currency: pricing!.price!.currencyCode ?? 'USD',
      interval: pricing!.interval!,
      returnUrl: returnUrl as string,
      createdAt: now,
      updatedAt: now,
    };
    state.charges.push(charge);
    const confirmationUrl = `${baseUrl}/${state.shop.domain}/admin/charges/${charge.legacyId}/confirm`;
    return {
      cost: 10,
      data: { appSubscriptionCreate: { appSubscription: { id, status: 'PENDING' }, confirmationUrl, userErrors: [] } },
    };
  },
  AppSubscriptionStatus: (state, { id }) => {
    const charge = state.charges.find((known) => known.id === id);
    return { cost: 1, data: { node: charge ? chargeNode(charge) : null } };
  },
};

/** An `app_subscriptions/update` body (REST). */
export function appSubscriptionPayload(state: ShopState, charge: FakeCharge) {
  return {
    app_subscription: {
      admin_graphql_api_id: charge.id,
      name: charge.name,
      status: charge.status,
      admin_graphql_api_shop_id: `gid://shopify/Shop/${state.shop.domain}`,
      created_at: charge.createdAt,
      updated_at: charge.updatedAt,
      currency: charge.currency,
      capped_amount: null,
    },
  };
}

function page(state: ShopState, charge: FakeCharge): string {
  const trial = charge.trialDays ? `<p data-testid="shopify-trial">${charge.trialDays}-day free trial</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Approve subscription</title></head>
<body><main><h1>Approve ${charge.name} for ${state.shop.name}</h1>
<p>$${charge.amount} ${charge.currency} every 30 days${charge.test ? ' (test charge)' : ''}</p>${trial}
<form method="post"><button name="decision" value="approve" data-testid="shopify-approve">Approve</button>
<button name="decision" value="decline" data-testid="shopify-decline">Decline</button></form></main></body></html>`;
}

/**
 * `GET|POST /{shop}/admin/charges/{legacyId}/confirm`: the page, then the merchant's decision. Approving activates the
 * charge and cancels the store's other active one (replacement applies immediately); either way the browser goes back
 * to the returnUrl with `charge_id`. `notify` delivers `app_subscriptions/update` for each charge that changed, in the
 * background.
 */
export async function confirmCharge(
  state: ShopState,
  legacyId: number,
  req: IncomingMessage,
  raw: string,
  reply: (status: number, body: string, headers?: Record<string, string>) => void,
  notify: (charge: FakeCharge) => Promise<void>,
): Promise<void> {
  const charge = state.charges.find((known) => known.legacyId === legacyId);
  if (!charge || charge.status !== 'PENDING') return reply(404, 'No pending charge');
  if (req.method === 'GET') return reply(200, page(state, charge), { 'content-type': 'text/html; charset=utf-8' });
  const decision = new URLSearchParams(raw).get('decision');
  const now = new Date().toISOString();
  const changed: FakeCharge[] = [];
  if (decision === 'approve') {
    for (const other of state.charges.filter((known) => known.status === 'ACTIVE')) {
      Object.assign(other, { status: 'CANCELLED', updatedAt: now });
      changed.push(other);
    }
    Object.assign(charge, { status: 'ACTIVE', updatedAt: now });
  } else {
    Object.assign(charge, { status: 'DECLINED', updatedAt: now });
  }
  changed.push(charge);
  // Shopify notifies on its own time: the merchant's redirect never waits for (or fails with) a delivery.
  void Promise.all(changed.map((updated) => notify(updated).catch(() => undefined)));
  const back = new URL(charge.returnUrl);
  back.searchParams.set('charge_id', String(charge.legacyId));
  reply(303, '', { location: back.href });
}
