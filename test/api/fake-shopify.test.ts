import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orderPayload, startFakeShopify, type FakeShopify } from '../fakes/shopify.js';

// The fake Shopify on its own, spoken to with fetch: the app's Shopify tests rely on it behaving like this.

const SHOP = 'my-shop.myshopify.com';
const OTHER = 'other-shop.myshopify.com';
const CALLBACK = 'http://127.0.0.1:1/api/integrations/shopify/callback';

let shopify: FakeShopify;
beforeAll(async () => {
  shopify = await startFakeShopify({ apiKey: 'key-1', apiSecret: 'secret-1' });
  shopify.addShop({ domain: SHOP, name: 'My Shop' });
  shopify.addShop({ domain: OTHER });
});
afterAll(() => shopify.close());

const authorizeUrl = (shop: string, clientId = shopify.apiKey) =>
  `${shopify.url}/${shop}/admin/oauth/authorize?${new URLSearchParams({
    client_id: clientId,
    scope: 'read_products,read_orders',
    redirect_uri: CALLBACK,
    state: 'nonce-1',
  })}&grant_options[]=`;

/** The callback's query after a merchant approves the install. */
async function approve(shop: string): Promise<URLSearchParams> {
  const res = await fetch(authorizeUrl(shop), { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams;
}

function exchange(shop: string, body: Record<string, string>) {
  return fetch(`${shopify.url}/${shop}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: shopify.apiKey, client_secret: shopify.apiSecret, ...body }),
  });
}

async function install(shop: string): Promise<string> {
  const res = await exchange(shop, { code: (await approve(shop)).get('code')! });
  return ((await res.json()) as { access_token: string }).access_token;
}

function graphql(shop: string, token: string, query: string, variables: Record<string, unknown> = {}) {
  return fetch(`${shopify.url}/${shop}/admin/api/2026-07/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify({ query, variables }),
  });
}

const PRODUCTS = 'query ProductsPage($first: Int!, $after: String) { products(first: $first, after: $after) { … } }';
const SUBSCRIBE = 'mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $uri: String!) { … }';
const THEME = 'query MainThemeSettings { themes(first: 1, roles: [MAIN]) { … } }';

describe('fake Shopify OAuth', () => {
  it('redirects to the callback with a code and a query HMAC under the app secret', async () => {
    const before = Math.floor(Date.now() / 1000);
    const query = await approve(SHOP);
    expect([...query.keys()]).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);
    expect(query.get('shop')).toBe(SHOP);
    expect(query.get('state')).toBe('nonce-1');
    expect(Buffer.from(query.get('host')!, 'base64url').toString()).toBe('admin.shopify.com/store/my-shop');
    expect(Number(query.get('timestamp'))).toBeGreaterThanOrEqual(before);
    const message = [...query.entries()]
      .filter(([key]) => key !== 'hmac')
      .map(([key, value]) => `${key}=${value}`)
      .join('&');
    expect(query.get('hmac')).toBe(createHmac('sha256', 'secret-1').update(message).digest('hex'));
    expect(shopify.authorizations.at(-1)).toEqual({
      shop: SHOP,
      clientId: 'key-1',
      scopes: ['read_products', 'read_orders'],
      redirectUri: CALLBACK,
      state: 'nonce-1',
      grantOptions: [''],
    });

    const wrongClient = await fetch(authorizeUrl(SHOP, 'someone-else'), { redirect: 'manual' });
    expect(wrongClient.status).toBe(400);
  });

  it('exchanges a code once, for its own shop only, and a new token replaces the old one', async () => {
    const code = (await approve(SHOP)).get('code')!;
    expect((await exchange(OTHER, { code })).status).toBe(400);
    expect((await exchange(SHOP, { code, client_secret: 'wrong' })).status).toBe(400);

    const first = await exchange(SHOP, { code });
    expect(first.status).toBe(200);
    const { access_token: token, scope } = (await first.json()) as { access_token: string; scope: string };
    expect(token).toMatch(/^shpat_[0-9a-f]{32}$/);
    expect(scope).toBe('read_products,read_orders');
    expect(shopify.tokenOf(SHOP)).toBe(token);

    const again = await exchange(SHOP, { code });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_request' });
    expect(shopify.tokenExchanges.filter((e) => e.code === code).map((e) => e.status)).toEqual([400, 400, 200, 400]);

    const newer = await install(SHOP);
    expect((await graphql(SHOP, token, 'query ShopInfo { shop { id } }')).status).toBe(401);
    expect((await graphql(SHOP, newer, 'query ShopInfo { shop { id } }')).status).toBe(200);
  });
});

describe('fake Shopify Admin GraphQL', () => {
  let token: string;
  beforeAll(async () => {
    token = await install(SHOP);
  });

  it('refuses a wrong token with 401 and answers ShopInfo to the right one', async () => {
    const refused = await graphql(SHOP, 'shpat_wrong', 'query ShopInfo { shop { id } }');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    });

    const res = await graphql(SHOP, token, 'query ShopInfo { shop { id } }');
    const { data } = (await res.json()) as { data: Record<string, { [key: string]: unknown }> };
    expect(data.shop).toMatchObject({ name: 'My Shop', myshopifyDomain: SHOP, currencyCode: 'USD' });
    expect(data.currentAppInstallation.id).toMatch(/^gid:\/\/shopify\/AppInstallation\/\d+$/);
    expect(shopify.requests.at(-1)).toEqual({
      method: 'POST',
      path: `/${SHOP}/admin/api/2026-07/graphql.json`,
      operationName: 'ShopInfo',
      status: 200,
    });
  });

  it('pages through products with cursors', async () => {
    shopify.addProducts(SHOP, [
      {
        id: '101',
        title: 'Linen shirt',
        handle: 'linen-shirt',
        sku: 'LS-1',
        price: '49.00',
        image: 'https://cdn/1.jpg',
      },
      { id: '102', title: 'Canvas tote', handle: 'canvas-tote' },
      { id: '103', title: 'Old mug', handle: 'old-mug', status: 'ARCHIVED' },
    ]);
    type Page = {
      data: {
        products: { pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: Array<Record<string, unknown>> };
      };
    };
    const first = ((await (await graphql(SHOP, token, PRODUCTS, { first: 2 })).json()) as Page).data.products;
    expect(first.nodes.map((node) => node.legacyResourceId)).toEqual(['101', '102']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.nodes[0]).toEqual({
      id: 'gid://shopify/Product/101',
      legacyResourceId: '101',
      title: 'Linen shirt',
      handle: 'linen-shirt',
      onlineStoreUrl: `https://${SHOP}/products/linen-shirt`,
      status: 'ACTIVE',
      featuredMedia: { preview: { image: { url: 'https://cdn/1.jpg' } } },
      variants: { nodes: [{ sku: 'LS-1', price: '49.00' }] },
    });
    expect(first.nodes[1].featuredMedia).toBeNull();

    const after = first.pageInfo.endCursor;
    const second = ((await (await graphql(SHOP, token, PRODUCTS, { first: 2, after })).json()) as Page).data.products;
    expect(second.nodes.map((node) => node.legacyResourceId)).toEqual(['103']);
    expect(second.nodes[0]).toMatchObject({ status: 'ARCHIVED', onlineStoreUrl: null });
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it('answers THROTTLED once when told to, then the query', async () => {
    shopify.throttleNext(1);
    const throttled = await graphql(SHOP, token, PRODUCTS, { first: 1 });
    expect(throttled.status).toBe(200);
    expect(await throttled.json()).toEqual({
      errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
      extensions: {
        cost: {
          requestedQueryCost: 52,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2, restoreRate: 1000 },
        },
      },
    });
    const ok = (await (await graphql(SHOP, token, PRODUCTS, { first: 1 })).json()) as Record<string, unknown>;
    expect(ok).toHaveProperty('data.products.nodes');
    expect(ok).toHaveProperty('extensions.cost.throttleStatus.currentlyAvailable');
  });

  it('answers 429 with Retry-After when told to', async () => {
    shopify.rateLimitNext(1);
    const limited = await graphql(SHOP, token, PRODUCTS, { first: 1 });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(((await limited.json()) as { errors: string }).errors).toMatch(/^Exceeded 2 calls per second/);
    expect((await graphql(SHOP, token, PRODUCTS, { first: 1 })).status).toBe(200);
  });

  it('records webhook subscriptions and refuses the same topic and address twice', async () => {
    const uri = 'http://127.0.0.1:1/api/webhooks/shopify';
    type Created = { data: { webhookSubscriptionCreate: { webhookSubscription: { id: string } | null } } };
    const created = (await (await graphql(SHOP, token, SUBSCRIBE, { topic: 'ORDERS_CREATE', uri })).json()) as Created;
    expect(created.data.webhookSubscriptionCreate).toEqual({
      webhookSubscription: { id: expect.stringMatching(/^gid:\/\/shopify\/WebhookSubscription\/\d+$/) },
      userErrors: [],
    });
    const again = await graphql(SHOP, token, SUBSCRIBE, { topic: 'ORDERS_CREATE', uri });
    expect(((await again.json()) as Created).data.webhookSubscriptionCreate).toEqual({
      webhookSubscription: null,
      userErrors: [
        { field: ['webhookSubscription', 'callbackUrl'], message: 'Address for this topic has already been taken' },
      ],
    });
    await graphql(SHOP, token, SUBSCRIBE, { topic: 'APP_UNINSTALLED', uri });
    expect(shopify.subscriptions(SHOP).map(({ topic }) => topic)).toEqual(['orders/create', 'app/uninstalled']);
  });

  it('stores metafields on the app installation only', async () => {
    const info = (await (await graphql(SHOP, token, 'query ShopInfo { … }')).json()) as {
      data: { currentAppInstallation: { id: string } };
    };
    const input = { namespace: 'video_reviews', key: 'loader_url', type: 'url', value: 'https://app.test/l.js' };
    const set = (ownerId: string) =>
      graphql(SHOP, token, 'mutation MetafieldsSet($metafields: [MetafieldsSetInput!]!) { … }', {
        metafields: [{ ownerId, ...input }],
      }).then((res) => res.json() as Promise<{ data: { metafieldsSet: { userErrors: unknown[] } } }>);
    expect((await set('gid://shopify/Shop/1')).data.metafieldsSet.userErrors).toHaveLength(1);
    expect((await set(info.data.currentAppInstallation.id)).data.metafieldsSet.userErrors).toEqual([]);
    expect(shopify.metafields(SHOP)).toEqual([
      { id: expect.any(String), ownerId: info.data.currentAppInstallation.id, ...input },
    ]);
  });

  it('serves settings_data.json after its comment header, with our embed absent, enabled or disabled', async () => {
    const embeds = async () => {
      type Theme = { data: { themes: { nodes: Array<{ files: { nodes: Array<{ body: { content: string } }> } }> } } };
      const res = (await (await graphql(SHOP, token, THEME)).json()) as Theme;
      const content = res.data.themes.nodes[0].files.nodes[0].body.content;
      expect(content.startsWith('/*')).toBe(true);
      const json = JSON.parse(content.slice(content.indexOf('*/') + 2)) as {
        current: { blocks: Record<string, { type: string; disabled: boolean }> };
      };
      return Object.values(json.current.blocks).filter((block) => block.type.includes('/apps/video-reviews/'));
    };
    expect(await embeds()).toEqual([]);
    shopify.setEmbed(SHOP, 'enabled');
    expect(await embeds()).toEqual([
      {
        type: expect.stringMatching(/^shopify:\/\/apps\/video-reviews\/blocks\/video-reviews\/[0-9a-f-]{36}$/),
        disabled: false,
        settings: {},
      },
    ]);
    shopify.setEmbed(SHOP, 'disabled');
    expect(await embeds()).toMatchObject([{ disabled: true }]);

    // The theme editor's deep link switches it on, for this app's key only.
    const editor = (appId: string) =>
      fetch(`${shopify.url}/${SHOP}/admin/themes/current/editor?context=apps&activateAppId=${appId}`);
    expect((await editor('another-app/video-reviews')).status).toBe(400);
    expect(await embeds()).toMatchObject([{ disabled: true }]);
    expect((await editor('key-1/video-reviews')).status).toBe(200);
    expect(await embeds()).toMatchObject([{ disabled: false }]);
  });

  it('answers an unknown operation with a GraphQL error', async () => {
    const res = await graphql(SHOP, token, 'query Nope { shop { id } }');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ errors: [{ message: 'Unknown operation' }] });
  });
});

describe('fake Shopify webhooks', () => {
  it('signs the raw body as Shopify does', () => {
    const headers = shopify.webhookHeaders('orders/create', SHOP, '{"id":1}', { secret: 'hush', webhookId: 'w-1' });
    expect(headers['X-Shopify-Hmac-Sha256']).toBe('VnKUjZsLuN5iZWjn5EntcBVCF9kMN43LglzCE1/GSeY=');
    expect(headers).toMatchObject({
      'X-Shopify-Topic': 'orders/create',
      'X-Shopify-Shop-Domain': SHOP,
      'X-Shopify-API-Version': '2026-07',
      'X-Shopify-Webhook-Id': 'w-1',
    });
  });

  it('delivers to every subscription of that shop and topic', async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const uri = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const token = await install(OTHER);
      await graphql(OTHER, token, SUBSCRIBE, { topic: 'ORDERS_FULFILLED', uri });
      await expect(shopify.deliver('orders/create', OTHER, {})).rejects.toThrow();

      const order = orderPayload({
        id: 5001,
        email: 'ana@example.com',
        customerId: 77,
        lineItems: [{ productId: 101, title: 'Linen shirt', quantity: 2, price: '49.00' }],
        fulfillmentStatus: 'fulfilled',
      });
      const [result] = await shopify.deliver('orders/fulfilled', OTHER, order);
      expect(result.status).toBe(200);
      expect(received).toHaveLength(1);
      const { headers, body } = received[0];
      expect(JSON.parse(body)).toMatchObject({ id: 5001, total_price: '98.00', line_items: [{ product_id: 101 }] });
      expect(headers['x-shopify-webhook-id']).toBe(result.webhookId);
      expect(headers['x-shopify-hmac-sha256']).toBe(createHmac('sha256', 'secret-1').update(body).digest('base64'));
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
