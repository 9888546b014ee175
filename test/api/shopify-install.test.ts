import { eq, sql } from 'drizzle-orm';
import type { TAuthResponse, TMerchantDetails, TUser } from '../../shared/accounts.js';
import type { TInstallResult, TShopifyIntegration } from '../../shared/integrations.js';
import { SHOPIFY_SCOPES } from '../../shared/shopify.js';
import { merchants, oauthStates } from '../../server/database/schema.js';
import { StoreTokens } from '../../server/integrations/store-tokens.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { startFakeShopify, type FakeShopify } from '../fakes/shopify.js';
import {
  PUBLIC_URL,
  browserAgent,
  joinAsMember,
  registerOwner,
  registration,
  type Agent,
} from '../support/accounts.js';
import { approveAt, inboxIdle, installFromAdmin, merchantIdOf, pathOf, shopifyEnv } from '../support/shopify.js';
import { databaseOf, handleOf, startTestApp, type TestApp } from '../support/test-app.js';

let shopify: FakeShopify;
let t: TestApp;
beforeAll(async () => {
  shopify = await startFakeShopify({ apiKey: 'test-api-key', apiSecret: 'test-api-secret' });
  t = await startTestApp({ env: shopifyEnv(shopify) });
});
afterAll(async () => {
  await t.close();
  await shopify.close();
});

let counter = 0;
/** A shop the fake knows, with `products` products. */
function newShop(products = 0, details: { name?: string; timezone?: string; locale?: string } = {}): string {
  counter += 1;
  const domain = `shop-${counter}-${Date.now().toString(36)}.myshopify.com`;
  shopify.addShop({ domain, currency: 'EUR', timezone: 'Europe/Lisbon', locale: 'pt-BR', ...details });
  shopify.addProducts(
    domain,
    Array.from({ length: products }, (_, i) => ({
      id: String(9000 + i),
      title: `Product ${i}`,
      handle: `product-${i}`,
      sku: `SKU-${i}`,
      price: '19.90',
      image: `https://cdn.shop.example/${i}.jpg`,
    })),
  );
  return domain;
}

const merchantOf = async (shop: string) =>
  (await databaseOf(t).select().from(merchants).where(eq(merchants.externalStoreId, shop)))[0];

const appUrl = (shop: string, options?: { timestamp?: number }) =>
  pathOf(shopify.appOpenUrl(`${PUBLIC_URL}/api/auth/shopify/`, shop, options));

function installError(location: string): string | null {
  return new URL(location, PUBLIC_URL).searchParams.get('install_error');
}

describe('the app URL Shopify’s admin opens', () => {
  it('starts OAuth with the product’s scopes, a single-use state in the database and in an HttpOnly cookie', async () => {
    const shop = newShop();
    const agent = browserAgent(t);
    const res = await agent.get(appUrl(shop)).expect(302);
    const target = new URL(res.headers.location as string);
    expect(target.href.startsWith(`${shopify.url}/${shop}/admin/oauth/authorize?`)).toBe(true);
    expect(target.searchParams.get('client_id')).toBe('test-api-key');
    expect(target.searchParams.get('scope')).toBe(SHOPIFY_SCOPES.join(','));
    expect(target.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/shopify/callback/`);
    expect(target.searchParams.getAll('grant_options[]')).toEqual([]);
    const state = target.searchParams.get('state')!;
    expect(state).toMatch(/^[\w-]{30,}$/);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('oauth_state='))!;
    expect(cookie).toContain(`oauth_state=${state}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Stored hashed: the nonce itself is nowhere in the database.
    const rows = await databaseOf(t).select().from(oauthStates).where(eq(oauthStates.shop, shop));
    expect(rows).toHaveLength(1);
    expect(rows[0].nonceHash).not.toContain(state);
  });

  it('refuses a bad HMAC, a stale or future timestamp, a foreign shop domain and a missing signature', async () => {
    const shop = newShop();
    const before = shopify.authorizations.length;
    const agent = browserAgent(t);
    const signed = new URL(shopify.appOpenUrl(`${PUBLIC_URL}/api/auth/shopify/`, shop));
    const tampered = new URL(signed);
    tampered.searchParams.set('shop', newShop());
    const cases: Array<[string, string]> = [
      [pathOf(tampered.href), 'invalid_signature'],
      [appUrl(shop, { timestamp: Math.floor(Date.now() / 1000) - 120 }), 'invalid_signature'],
      [appUrl(shop, { timestamp: Math.floor(Date.now() / 1000) + 120 }), 'invalid_signature'],
      [`/api/auth/shopify/?shop=${shop}&timestamp=${Math.floor(Date.now() / 1000)}`, 'invalid_request'],
      [
        `/api/auth/shopify/?${new URLSearchParams(shopify.signQuery({ shop: 'evil.example.com', timestamp: String(Math.floor(Date.now() / 1000)) }))}`,
        'invalid_shop',
      ],
      [
        `/api/auth/shopify/?${new URLSearchParams(shopify.signQuery({ shop: 'evil.myshopify.com.attacker.io', timestamp: String(Math.floor(Date.now() / 1000)) }))}`,
        'invalid_shop',
      ],
      [`/api/auth/shopify/?shop=${shop}&shop=${shop}&hmac=x`, 'invalid_request'],
    ];
    for (const [path, code] of cases) {
      const res = await agent.get(path).expect(303);
      expect(res.headers.location).toMatch(/^\/register\?/);
      expect(installError(res.headers.location as string)).toBe(code);
    }
    expect(shopify.authorizations.length).toBe(before);
    expect(await databaseOf(t).select().from(oauthStates).where(eq(oauthStates.shop, shop))).toHaveLength(0);
  });
});

describe('the OAuth callback', () => {
  it('refuses a tampered answer, a state from another browser, a replayed state and a missing one', async () => {
    const shop = newShop();
    const agent = browserAgent(t);
    const opened = await agent.get(appUrl(shop)).expect(302);
    const callback = new URL(await approveAt(opened.headers.location as string));

    const tampered = new URL(callback);
    tampered.searchParams.set('code', 'f'.repeat(32));
    expect(installError((await agent.get(pathOf(tampered.href)).expect(303)).headers.location as string)).toBe(
      'invalid_signature',
    );

    // Another browser (no state cookie), the right query: refused, and the nonce stays usable by its owner.
    const stranger = browserAgent(t);
    expect(installError((await stranger.get(pathOf(callback.href)).expect(303)).headers.location as string)).toBe(
      'invalid_state',
    );

    const missing = new URLSearchParams(callback.search);
    missing.delete('state');
    missing.delete('hmac');
    const unsigned = shopify.signQuery(Object.fromEntries(missing));
    expect(
      installError(
        (await agent.get(`/api/auth/shopify/callback/?${new URLSearchParams(unsigned)}`).expect(303)).headers
          .location as string,
      ),
    ).toBe('invalid_state');

    const first = await agent.get(pathOf(callback.href)).expect(303);
    expect(first.headers.location).toMatch(/^\/register\?shop=/);
    // Replayed, even with the cookie the first answer cleared put back: the nonce was spent.
    const replay = browserAgent(t);
    const nonce = callback.searchParams.get('state')!;
    const again = await replay.get(pathOf(callback.href)).set('Cookie', `oauth_state=${nonce}`).expect(303);
    expect(installError(again.headers.location as string)).toBe('invalid_state');
    expect((await databaseOf(t).select().from(merchants).where(eq(merchants.externalStoreId, shop))).length).toBe(1);
  });

  it('installs a new store: offline token sealed, shop details, a claim only the installing browser holds', async () => {
    const shop = newShop(0, { name: 'Loja Azul' });
    const agent = browserAgent(t);
    const res = await installFromAdmin(agent, shopify, shop);
    expect(res.headers.location).toBe(
      `/register?shop=${encodeURIComponent(shop)}&platform=shopify&merchant_id=${merchantIdOf(res.headers.location as string)}`,
    );
    const claim = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('install_claim='))!;
    expect(claim).toMatch(/HttpOnly/i);
    expect(shopify.tokenExchanges.at(-1)).toMatchObject({ shop, status: 200 });

    const merchant = await merchantOf(shop);
    expect(merchant).toMatchObject({
      platform: 'shopify',
      storeName: 'Loja Azul',
      currency: 'EUR',
      timezone: 'Europe/Lisbon',
      mainLanguage: 'pt',
      storeDomain: shop,
      disconnectedAt: null,
    });
    expect(merchant.storeId).toMatch(/^vr[a-z2-9]{14}$/);
    expect(merchant.accessScopes).toBe(SHOPIFY_SCOPES.join(','));
    expect(t.app.get(StoreTokens).open(merchant)).toBe(shopify.tokenOf(shop));

    const details = await agent.get(`/api/merchants/${merchant.id}/`).expect(200);
    expect(details.body).toEqual({
      id: merchant.id,
      platform: 'shopify',
      store_name: 'Loja Azul',
      store_id: merchant.storeId,
      store_domain: shop,
    } satisfies TMerchantDetails);
    // Nobody else sees an unclaimed store, signed in or not.
    await browserAgent(t).get(`/api/merchants/${merchant.id}/`).expect(404);
    const other = await registerOwner(t);
    await other.agent.get(`/api/merchants/${merchant.id}/`).expect(404);
  });

  it('install-mode sign-up makes the installing browser the owner, once; nobody else can claim the store', async () => {
    const shop = newShop();
    const agent = browserAgent(t);
    const merchantId = merchantIdOf((await installFromAdmin(agent, shopify, shop)).headers.location as string);

    const stranger = browserAgent(t);
    const refused = await stranger
      .post('/api/auth/register/')
      .send(registration({ platform: 'shopify', merchant_id: merchantId }))
      .expect(400);
    expect(refused.body.code).toBe('install_claim_invalid');

    const res = await agent
      .post('/api/auth/register/')
      .send(registration({ platform: 'shopify', merchant_id: merchantId }))
      .expect(201);
    const user = res.body as TAuthResponse;
    expect(user.groups).toEqual(['owner']);
    expect(user.merchant).toMatchObject({
      id: merchantId,
      platform: 'shopify',
      connected: true,
      has_access_token: true,
    });
    expect(user.merchant).not.toHaveProperty('access_token', expect.any(String));
    expect(JSON.stringify(user)).not.toContain(shopify.tokenOf(shop)!);
    // The claim is spent with the sign-up: even the same browser cannot make a second owner.
    const second = await agent
      .post('/api/auth/register/')
      .send(registration({ platform: 'shopify', merchant_id: merchantId }))
      .expect(400);
    expect(second.body.code).toBe('install_claim_invalid');
    // The new owner's workspace is the store's, and only members see its details now.
    await agent.get(`/api/merchants/${merchantId}/`).expect(200);
    await stranger.get(`/api/merchants/${merchantId}/`).expect(404);
  });

  it('finishes the install in the background: webhooks, the embed’s loader URL, and the catalogue through paging and throttling', async () => {
    const shop = newShop(230);
    shopify.throttleNext(1);
    shopify.rateLimitNext(1);
    const agent = browserAgent(t);
    const merchantId = merchantIdOf((await installFromAdmin(agent, shopify, shop)).headers.location as string);
    await inboxIdle(t);

    expect(
      shopify
        .subscriptions(shop)
        .map((s) => s.topic)
        .sort(),
    ).toEqual(
      [
        'app/uninstalled',
        'app_subscriptions/update',
        'orders/cancelled',
        'orders/create',
        'orders/fulfilled',
        'orders/paid',
        'orders/updated',
        'products/create',
        'products/delete',
        'products/update',
        'shop/update',
      ].sort(),
    );
    expect(new Set(shopify.subscriptions(shop).map((s) => s.uri))).toEqual(
      new Set([`${PUBLIC_URL}/api/webhooks/shopify/`]),
    );
    const merchant = await merchantOf(shop);
    expect(shopify.metafields(shop)).toEqual([
      expect.objectContaining({
        namespace: 'video_reviews',
        key: 'loader_url',
        value: `${PUBLIC_URL}/widget/v1/${merchant.storeId}.js`,
      }),
      expect.objectContaining({ namespace: 'video_reviews', key: 'widget', type: 'json' }),
    ]);
    const layout = () =>
      JSON.parse(shopify.metafields(shop).find((m) => m.key === 'widget')!.value) as Record<string, unknown>;
    // The defaults: what the product reviews block sizes its skeleton by.
    expect(layout()).toEqual({ layout: 'grid', batch: 3, compact: false, rating: true, date: true, title: true });
    expect(merchant.catalogSyncedAt).not.toBeNull();
    const pages = shopify.requests.filter((r) => r.path.includes(shop) && r.operationName === 'ProductsPage');
    expect(pages.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(3);

    await agent
      .post('/api/auth/register/')
      .send(registration({ merchant_id: merchantId }))
      .expect(201);
    const products = await agent.get('/api/products/?page_size=100&search=Product 12').expect(200);
    const product = products.body.results.find((p: { external_id: string }) => p.external_id === '9012');
    expect(product).toMatchObject({
      name: 'Product 12',
      sku: 'SKU-12',
      price: 1990,
      currency: 'EUR',
      image: 'https://cdn.shop.example/12.jpg',
    });
    expect((await agent.get('/api/products/?page_size=1').expect(200)).body.count).toBe(230);

    // A save of the widget settings reaches the theme's copy of the layout, through the job queue.
    await agent
      .post('/api/widgets/global-settings/')
      .send({ layout: 'carousel', initial_videos_count: 10, widget_title: '', show_date: false })
      .expect(200);
    for (let i = 0; i < 200 && layout().layout !== 'carousel'; i++) await new Promise((r) => setTimeout(r, 50));
    expect(layout()).toEqual({
      layout: 'carousel',
      batch: 10,
      compact: false,
      rating: true,
      date: false,
      title: false,
    });
  });

  it('a known store signs its owner in; a re-install keeps one merchant with the new token', async () => {
    const shop = newShop();
    const first = browserAgent(t);
    const merchantId = merchantIdOf((await installFromAdmin(first, shopify, shop)).headers.location as string);
    const owner = registration({ merchant_id: merchantId });
    await first.post('/api/auth/register/').send(owner).expect(201);
    const sealedBefore = (await merchantOf(shop)).accessTokenEncrypted;

    const later = browserAgent(t);
    const res = await installFromAdmin(later, shopify, shop);
    expect(res.headers.location).toBe('/');
    const me = (await later.get('/api/auth/users/me/').expect(200)).body as TUser;
    expect(me.email).toBe(owner.email);
    expect(me.merchant?.id).toBe(merchantId);

    const rows = await databaseOf(t).select().from(merchants).where(eq(merchants.externalStoreId, shop));
    expect(rows).toHaveLength(1);
    expect(rows[0].accessTokenEncrypted).not.toBe(sealedBefore);
    expect(t.app.get(StoreTokens).open(rows[0])).toBe(shopify.tokenOf(shop));
  });

  it('an install whose sign-up never happened can be started again, from another browser', async () => {
    const shop = newShop();
    const first = browserAgent(t);
    const merchantId = merchantIdOf((await installFromAdmin(first, shopify, shop)).headers.location as string);
    const second = browserAgent(t);
    const res = await installFromAdmin(second, shopify, shop);
    expect(merchantIdOf(res.headers.location as string)).toBe(merchantId);
    // The first browser's claim was replaced by the second's.
    await first
      .post('/api/auth/register/')
      .send(registration({ merchant_id: merchantId }))
      .expect(400);
    await second
      .post('/api/auth/register/')
      .send(registration({ merchant_id: merchantId }))
      .expect(201);
  });

  it('keeps every store token unreadable in the database', async () => {
    const shop = newShop();
    await installFromAdmin(browserAgent(t), shopify, shop);
    const token = shopify.tokenOf(shop)!;
    const tables = await handleOf(t).rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    for (const { table_name } of tables) {
      const rows = await handleOf(t).rows<{ row: unknown }>(
        sql`select row_to_json(x) as row from ${sql.identifier(table_name)} x`,
      );
      expect(JSON.stringify(rows)).not.toContain(token);
    }
  });
});

describe('POST /api/auth/shopify/install/ (a page posts the callback’s query)', () => {
  async function approvedQuery(agent: Agent, shop: string): Promise<Record<string, string>> {
    const opened = await agent.get(appUrl(shop)).expect(302);
    return Object.fromEntries(new URL(await approveAt(opened.headers.location as string)).searchParams);
  }

  it('installs a new store and answers its public id and name', async () => {
    const shop = newShop(0, { name: 'Posted Store' });
    const agent = browserAgent(t);
    // The query first: an agent attaches its cookies when the request is made.
    const query = await approvedQuery(agent, shop);
    const res = await agent.post('/api/auth/shopify/install/').send(query).expect(200);
    const merchant = await merchantOf(shop);
    expect(res.body).toEqual({
      status: 'new',
      platform: 'shopify',
      store_id: merchant.storeId,
      name: 'Posted Store',
      merchant_id: merchant.id,
      shop,
    } satisfies TInstallResult);
    await agent.get(`/api/merchants/${merchant.id}/`).expect(200);
  });

  it('answers 400 with a code for an unsigned, stateless or replayed answer', async () => {
    const shop = newShop();
    const agent = browserAgent(t);
    const query = await approvedQuery(agent, shop);
    expect(
      (
        await agent
          .post('/api/auth/shopify/install/')
          .send({ ...query, code: 'x' })
          .expect(400)
      ).body.code,
    ).toBe('invalid_signature');
    expect((await browserAgent(t).post('/api/auth/shopify/install/').send(query).expect(400)).body.code).toBe(
      'invalid_state',
    );
    expect((await agent.post('/api/auth/shopify/install/').send({}).expect(400)).body).toMatchObject({
      code: 'validation_error',
      fields: { code: ['This field is required.'] },
    });
    await agent.post('/api/auth/shopify/install/').send(query).expect(200);
    const replay = browserAgent(t);
    const replayed = await replay
      .post('/api/auth/shopify/install/')
      .set('Cookie', `oauth_state=${query.state}`)
      .send(query)
      .expect(400);
    expect(replayed.body.code).toBe('invalid_state');
  });
});

describe('connecting from the dashboard', () => {
  it('connects the signed-in owner’s store, keeping its public id; a store of another workspace is refused', async () => {
    const shop = newShop(2, { name: 'Connected Shop' });
    const owner = await registerOwner(t);
    const connect = await owner.agent
      .post('/api/integrations/shopify/connect/')
      .send({ shop: shop.replace('.myshopify.com', '') })
      .expect(200);
    const callback = await approveAt(connect.body.authorize_url as string);
    const done = await owner.agent.get(pathOf(callback)).expect(303);
    expect(done.headers.location).toBe('/settings/integrations/shopify?connected=1');
    const me = (await owner.agent.get('/api/auth/users/me/').expect(200)).body as TUser;
    expect(me.merchant).toMatchObject({
      platform: 'shopify',
      connected: true,
      store_id: owner.storeId,
      store_name: 'Connected Shop',
    });

    const rival = await registerOwner(t);
    const second = await rival.agent.post('/api/integrations/shopify/connect/').send({ shop }).expect(200);
    const refused = await rival.agent.get(pathOf(await approveAt(second.body.authorize_url as string))).expect(303);
    expect(refused.headers.location).toBe('/settings/integrations/shopify?error=store_taken');
    expect(((await rival.agent.get('/api/auth/users/me/').expect(200)).body as TUser).merchant?.platform).toBe(
      'tiendanube',
    );
  });

  it('validates the shop and is for owners only', async () => {
    const owner = await registerOwner(t);
    const bad = await owner.agent
      .post('/api/integrations/shopify/connect/')
      .send({ shop: 'https://example.com' })
      .expect(400);
    expect(bad.body.fields.shop).toEqual(['Enter your store’s myshopify.com address.']);
    const member = await joinAsMember(t, owner.agent);
    const refused = await member.post('/api/integrations/shopify/connect/').send({ shop: newShop() }).expect(403);
    expect(refused.body.code).toBe('permission_denied');
    // Members may look: the dashboard's Shopify banner links every member to the page.
    await member.get('/api/integrations/shopify/').expect(200);
  });
});

describe('GET /api/integrations/shopify/', () => {
  it('reports the connection, the app embed read from the live theme, the console line and the catalogue', async () => {
    const shop = newShop(3);
    const agent = browserAgent(t);
    const merchantId = merchantIdOf((await installFromAdmin(agent, shopify, shop)).headers.location as string);
    await agent
      .post('/api/auth/register/')
      .send(registration({ merchant_id: merchantId }))
      .expect(201);
    await inboxIdle(t);
    const merchant = await merchantOf(shop);
    // A review of a product Shopify never reported (named by a storefront page): not part of the catalogue.
    await seedReviews(t, merchant.id, 1, { productId: 'not-from-shopify' });

    shopify.setEmbed(shop, 'disabled');
    const off = (await agent.get('/api/integrations/shopify/').expect(200)).body as TShopifyIntegration;
    expect(off).toMatchObject({
      available: true,
      connected: true,
      shop,
      embed_enabled: false,
      setup_complete: false,
      products: 3,
      console_message: `[video-reviews] Running for store ${merchant.storeId}`,
      theme_editor_url: `${shopify.url}/${shop}/admin/themes/current/editor?context=apps&activateAppId=test-api-key/video-reviews`,
    });
    expect(off.catalog_synced_at).not.toBeNull();

    shopify.setEmbed(shop, 'enabled');
    const on = (await agent.get('/api/integrations/shopify/').expect(200)).body as TShopifyIntegration;
    expect(on).toMatchObject({ embed_enabled: true, setup_complete: true });
    // The banner's flag follows: the store's setup is complete for every member, on every browser.
    expect(((await agent.get('/api/auth/users/me/').expect(200)).body as TUser).merchant?.shopify_setup_complete).toBe(
      true,
    );

    shopify.revokeToken(shop);
    const unknown = (await agent.get('/api/integrations/shopify/').expect(200)).body as TShopifyIntegration;
    expect(unknown.embed_enabled).toBeNull();
  });

  it('says when the store is not on Shopify, and counts no product as synced from it', async () => {
    const owner = await registerOwner(t);
    // Issue 23: a shopper's review of a product on a snippet store showed as "1 synced" from Shopify.
    await seedReviews(t, owner.merchantId, 1, { productId: 'snippet-product' });
    const body = (await owner.agent.get('/api/integrations/shopify/').expect(200)).body as TShopifyIntegration;
    expect(body).toMatchObject({
      connected: false,
      shop: null,
      theme_editor_url: null,
      embed_enabled: null,
      products: 0,
      catalog_synced_at: null,
      available: true,
    });
  });
});
