import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { TInstallResult } from '../../shared/integrations.js';
import { merchants } from '../../server/database/schema.js';
import { PlatformError } from '../../server/integrations/platform-error.js';
import {
  PlatformDiscountsRegistry,
  type DiscountSpec,
} from '../../server/review-requests/incentives/platform-discounts.js';
import { startFakeBigCommerce, type FakeBigCommerce } from '../fakes/bigcommerce.js';
import { startFakeShopify, type FakeShopify } from '../fakes/shopify.js';
import { startFakeTiendaNube, type FakeTiendaNube } from '../fakes/tiendanube.js';
import { PUBLIC_URL, browserAgent, registerOwner, registration } from '../support/accounts.js';
import { inboxIdle, installedStore, shopifyEnv } from '../support/shopify.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';
import { tiendaNubeEnv } from '../support/tiendanube.js';

// Review incentives' single-use codes on each platform, against the fakes: what each API is sent, and that a retry
// of the same code (an answer lost on the way back) is success, not a second code.

let shopify: FakeShopify;
let bc: FakeBigCommerce;
let tn: FakeTiendaNube;
let t: TestApp;

beforeAll(async () => {
  shopify = await startFakeShopify({ apiKey: 'discount-key', apiSecret: 'discount-secret' });
  bc = await startFakeBigCommerce({ signingSecret: 'bc-discount-secret' });
  tn = await startFakeTiendaNube({
    clientId: '5150',
    clientSecret: 'tn-discount',
    redirectUrl: `${PUBLIC_URL}/register`,
  });
  t = await startTestApp({
    env: {
      ...shopifyEnv(shopify),
      BIGCOMMERCE_API_URL: bc.url,
      BIGCOMMERCE_CLIENT_SECRET: 'bc-discount-secret',
      ...tiendaNubeEnv(tn),
    },
  });
  await t.app.listen(0, '127.0.0.1');
  const target = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  bc.setWebhookTarget(target);
  tn.setWebhookTarget(target);
});
afterAll(async () => {
  await t.close();
  await Promise.all([shopify.close(), bc.close(), tn.close()]);
});

const spec = (code: string, overrides: Partial<DiscountSpec> = {}): DiscountSpec => ({
  code,
  title: `Review reward ${code}`,
  valueType: 'percentage',
  value: 15,
  currency: 'USD',
  startsAt: new Date('2026-12-01T10:00:00Z'),
  endsAt: new Date('2026-12-31T10:00:00Z'),
  ...overrides,
});

async function merchant(id: string) {
  const [row] = await databaseOf(t).select().from(merchants).where(eq(merchants.id, id));
  return row;
}

const platformOf = async (merchantId: string) => t.app.get(PlatformDiscountsRegistry).of(await merchant(merchantId));

describe('Shopify', () => {
  it('creates a single-use code for the whole order with discountCodeBasicCreate, once however often it is asked', async () => {
    const store = await installedStore(t, shopify);
    const platform = await platformOf(store.merchantId);
    expect(shopify.authorizations.at(-1)?.scopes).toContain('write_discounts');

    await platform!.create(await merchant(store.merchantId), spec('THANKS-SHOP1'));
    await platform!.create(await merchant(store.merchantId), spec('THANKS-SHOP1'));
    await platform!.create(
      await merchant(store.merchantId),
      spec('THANKS-SHOP2', { valueType: 'fixed_amount', value: 500, currency: 'USD' }),
    );

    const discounts = shopify.discounts(store.shop);
    expect(discounts).toHaveLength(2);
    expect(discounts[0]).toMatchObject({
      code: 'THANKS-SHOP1',
      usageLimit: 1,
      appliesOncePerCustomer: true,
      value: { percentage: 0.15 },
      startsAt: '2026-12-01T10:00:00.000Z',
      endsAt: '2026-12-31T10:00:00.000Z',
    });
    expect(discounts[1].value).toEqual({ discountAmount: { amount: '5.00', appliesOnEachItem: false } });
  });
});

describe('BigCommerce', () => {
  it('creates a v2 coupon usable once on every category, a repeated code being the same coupon', async () => {
    const store = bc.addStore({ name: 'Coupon Goods', currency: 'EUR' });
    const owner = await registerOwner(t);
    await owner.agent
      .post('/api/auth/bigcommerce/connect/')
      .send({ client_id: store.clientId, store_hash: store.hash, access_token: store.accessToken })
      .expect(200);
    await inboxIdle(t);
    const platform = await platformOf(owner.merchantId);

    await platform!.create(await merchant(owner.merchantId), spec('THANKS-BC1'));
    await platform!.create(await merchant(owner.merchantId), spec('THANKS-BC1'));
    await platform!.create(
      await merchant(owner.merchantId),
      spec('THANKS-BC2', { valueType: 'fixed_amount', value: 750, currency: 'EUR' }),
    );

    const coupons = bc.coupons(store.hash);
    expect(coupons).toHaveLength(2);
    expect(coupons[0]).toMatchObject({
      code: 'THANKS-BC1',
      type: 'percentage_discount',
      amount: '15',
      max_uses: 1,
      max_uses_per_customer: 1,
      applies_to: { entity: 'categories', ids: [0] },
      expires: 'Thu, 31 Dec 2026 10:00:00 +0000',
    });
    expect(coupons[1]).toMatchObject({ type: 'per_total_discount', amount: '7.50' });
  });
});

/** A store installed from Tienda Nube and signed up for. */
async function tiendaNubeStore() {
  const store = tn.addStore({});
  const owner = browserAgent(t);
  const res = await owner
    .post('/api/auth/install/')
    .send({ code: tn.issueCode(store.id) })
    .expect(200);
  const body = registration({ merchant_id: (res.body as TInstallResult).merchant_id });
  const user = await owner.post('/api/auth/register/').send(body).expect(201);
  await inboxIdle(t);
  return { store, merchantId: user.body.merchant.id as string };
}

describe('Tienda Nube', () => {
  it('creates a coupon usable once, a repeated code being the same coupon', async () => {
    const { store, merchantId } = await tiendaNubeStore();
    const platform = await platformOf(merchantId);

    await platform!.create(await merchant(merchantId), spec('THANKS-TN1'));
    await platform!.create(await merchant(merchantId), spec('THANKS-TN1'));
    await platform!.create(
      await merchant(merchantId),
      spec('THANKS-TN2', { valueType: 'fixed_amount', value: 250000, currency: 'ARS' }),
    );

    const coupons = tn.coupons(store.id);
    expect(coupons).toHaveLength(2);
    expect(coupons[0]).toMatchObject({
      code: 'THANKS-TN1',
      type: 'percentage',
      value: '15.00',
      max_uses: 1,
      start_date: '2026-12-01',
      end_date: '2026-12-31',
    });
    expect(coupons[1]).toMatchObject({ type: 'absolute', value: '2500.00' });
  });

  it('passes on a refusal that is not a taken code', async () => {
    const { store, merchantId } = await tiendaNubeStore();
    const platform = await platformOf(merchantId);
    await expect(platform!.create(await merchant(merchantId), spec(''))).rejects.toBeInstanceOf(PlatformError);
    expect(tn.coupons(store.id)).toHaveLength(0);
  });
});

it('a store on no platform has none to make codes', async () => {
  const owner = await registerOwner(t);
  expect(await platformOf(owner.merchantId)).toBeNull();
});
