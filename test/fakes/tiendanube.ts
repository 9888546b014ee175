import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonBody, postWebhook, sendJson } from './http-json.js';
import { productPage } from './storefront.js';

// Tienda Nube for one app (EXTERNAL_APIS §3): the authorize page and token exchange (as www.tiendanube.com), the
// REST API under `/v1/{store_id}/…` (as api.tiendanube.com) with its `Authentication: bearer` header and required
// User-Agent, webhooks and LGPD topics signed as Tienda Nube does, and product pages with the stores' scripts.

export interface FakeTnStore {
  id: number;
  name: Record<string, string>;
  mainLanguage: string;
  currency: string;
  country: string;
  domain: string;
  email: string;
}

export interface FakeTnProduct {
  id: number;
  name: string;
  sku?: string;
  price?: string;
  image?: string;
}

export interface FakeTnOrderInput {
  id?: number;
  email: string;
  customerId?: number;
  status?: 'open' | 'closed' | 'cancelled';
  /** `paid` unless given. */
  paymentStatus?: 'pending' | 'paid' | 'refunded' | 'voided';
  /** `unpacked` unless given; `fulfilled` once shipped. */
  shippingStatus?: 'unpacked' | 'unfulfilled' | 'fulfilled';
  /** The buyer's language (`es`, `pt`). */
  language?: string;
  items: Array<{ productId: number; name?: string; sku?: string; quantity?: number; price?: string }>;
}

export interface FakeTnRequest {
  method: string;
  path: string;
  status: number;
}

export interface FakeTiendaNube {
  /** Base URL, for TIENDANUBE_AUTH_URL and TIENDANUBE_API_URL. */
  url: string;
  clientId: string;
  clientSecret: string;
  addStore(store?: Partial<FakeTnStore>): FakeTnStore;
  addProducts(storeId: number, products: FakeTnProduct[]): void;
  deleteProduct(storeId: number, id: number): void;
  addOrder(storeId: number, order: FakeTnOrderInput): { id: number };
  /** A code the app's redirect would bring, for that store (single use). */
  issueCode(storeId: number, options?: { lifeMs?: number }): string;
  /** The app's authorize page: approving it redirects to `redirectUrl?code=…` for the store. */
  authorizeUrl(storeId: number): string;
  /** The app's redirect URL as set in the Partner Portal (the app's address may be known only later). */
  setRedirectUrl(url: string): void;
  tokenOf(storeId: number): string | null;
  scripts(storeId: number): Array<{ id: number; src: string; event: string; where: string }>;
  webhooks(storeId: number): Array<{ id: number; event: string; url: string }>;
  coupons(storeId: number): FakeTnCoupon[];
  /** The store's metafields (any owner), as the API keeps them. */
  metafields(storeId: number): FakeTnMetafield[];
  /** A product's metafields by `namespace.key` → value. */
  productMetafields(storeId: number, productId: number): Record<string, string>;
  /** The scopes the next tokens grant (the app's scopes in the Partner Portal, at install time). */
  setScopes(storeId: number, scopes: string[]): void;
  tokenExchanges: Array<{ code: string; status: number }>;
  requests: FakeTnRequest[];
  rateLimitNext(n: number): void;
  /** Sends deliveries to this origin instead of the registered URLs' own (an app on a local port). */
  setWebhookTarget(origin: string | null): void;
  /** Posts `{store_id, event, id}` to each webhook of the store for the event; throws when there is none. */
  deliver(storeId: number, event: string, id: number): Promise<Array<{ status: number; body: string }>>;
  /** Posts an LGPD topic's body to `url` (set in the Partner Portal), signed. */
  send(url: string, body: unknown, options?: { secret?: string }): Promise<{ status: number; body: string }>;
  /** The app is uninstalled: `app/uninstalled` goes out, then the token, scripts and webhooks are gone. */
  uninstall(storeId: number): Promise<void>;
  storefrontUrl(storeId: number, productId: number): string;
  close(): Promise<void>;
}

/** `X-Linkedstore-HMAC-SHA256`: hex HMAC-SHA256 of the raw body under the app's secret. */
export function tiendaNubeHmac(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

const EVENTS = new Set([
  'app/uninstalled',
  'app/suspended',
  'app/resumed',
  'order/created',
  'order/updated',
  'order/paid',
  'order/packed',
  'order/fulfilled',
  'order/cancelled',
  'product/created',
  'product/updated',
  'product/deleted',
  'category/created',
  'category/updated',
  'category/deleted',
]);

/** A coupon as the API stores it (review incentives). */
export interface FakeTnCoupon {
  id: number;
  code: string;
  type: 'percentage' | 'absolute' | 'shipping';
  value: string;
  valid: boolean;
  max_uses: number | null;
  start_date: string | null;
  end_date: string | null;
}

/** A metafield (EXTERNAL_APIS §3, resources/metafields.md): a namespaced string on a product, variant, category or page. */
export interface FakeTnMetafield {
  id: number;
  namespace: string;
  key: string;
  value: string;
  description: string | null;
  owner_resource: string;
  owner_id: number;
  created_at: string;
  updated_at: string;
}

const DEFAULT_SCOPES = [
  'read_content',
  'read_products',
  'write_products',
  'read_orders',
  'write_scripts',
  'write_coupons',
];
const OWNER_RESOURCES: Record<string, string> = {
  Product: 'products',
  Product_Variant: 'product_variants',
  Category: 'categories',
  Page: 'pages',
};
const METAFIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

interface StoreState {
  store: FakeTnStore;
  token: string | null;
  products: Map<number, FakeTnProduct>;
  orders: Map<number, FakeTnOrderInput & { id: number; createdAt: Date }>;
  scripts: Array<{ id: number; src: string; event: string; where: string }>;
  webhooks: Array<{ id: number; event: string; url: string }>;
  coupons: FakeTnCoupon[];
  metafields: FakeTnMetafield[];
  /** What the store's token grants. */
  scopes: string[];
  /** What the next install grants. */
  nextScopes: string[];
}

const multilingual = (value: string, language: string) => ({ [language]: value });

export async function startFakeTiendaNube(options: {
  clientId: string;
  clientSecret: string;
  /** The app's redirect URL (Partner Portal): where the authorize page sends the merchant with the code. */
  redirectUrl?: string;
}): Promise<FakeTiendaNube> {
  const { clientId, clientSecret } = options;
  let redirectUrl = options.redirectUrl;
  const stores = new Map<number, StoreState>();
  const codes = new Map<string, { storeId: number; expiresAt: number }>();
  const tokenExchanges: Array<{ code: string; status: number }> = [];
  const requests: FakeTnRequest[] = [];
  let rateLimited = 0;
  let webhookTarget: string | null = null;
  let serial = 5000;
  let base = '';

  const stateOf = (id: number) => {
    const state = stores.get(id);
    if (!state) throw new Error(`Unknown store ${id}: call addStore first`);
    return state;
  };
  const issueCode = (storeId: number, lifeMs = 5 * 60_000) => {
    stateOf(storeId);
    const code = randomBytes(20).toString('hex');
    codes.set(code, { storeId, expiresAt: Date.now() + lifeMs });
    return code;
  };

  function productJson(state: StoreState, product: FakeTnProduct) {
    const language = state.store.mainLanguage;
    const handle = product.name.toLowerCase().replace(/\W+/g, '-');
    return {
      id: product.id,
      name: multilingual(product.name, language),
      handle: multilingual(handle, language),
      canonical_url: `https://${state.store.domain}/productos/${handle}/`,
      published: true,
      variants: [{ id: product.id * 10, sku: product.sku ?? null, price: product.price ?? '100.00' }],
      images: product.image ? [{ id: product.id * 100, src: product.image }] : [],
      created_at: '2026-11-01T12:00:00+0000',
      updated_at: '2026-11-01T12:00:00+0000',
    };
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const body = (await jsonBody(req)) ?? {};
    const answer = (status: number, payload: unknown) => {
      tokenExchanges.push({ code: String(body.code ?? ''), status });
      sendJson(res, status, payload);
    };
    if (body.client_id !== clientId || body.client_secret !== clientSecret) {
      return answer(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    const grant = codes.get(String(body.code ?? ''));
    codes.delete(String(body.code ?? ''));
    if (body.grant_type !== 'authorization_code' || !grant || grant.expiresAt < Date.now()) {
      return answer(400, {
        error: 'invalid_grant',
        error_description: 'The authorization code is invalid or has expired',
      });
    }
    const state = stateOf(grant.storeId);
    // A new install invalidates the previous token.
    state.token = `tn-${randomBytes(16).toString('hex')}`;
    state.scopes = [...state.nextScopes];
    answer(200, {
      access_token: state.token,
      token_type: 'bearer',
      scope: state.scopes.join(','),
      user_id: state.store.id,
    });
  }

  async function api(
    state: StoreState,
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ) {
    const method = req.method ?? 'GET';
    const send = (status: number, body?: unknown, headers?: Record<string, string>) => {
      requests.push({ method, path: `/v1/${state.store.id}${path}`, status });
      sendJson(res, status, body, headers);
    };
    if (!req.headers['user-agent'])
      return send(400, { code: 400, message: 'Bad Request', description: 'User-Agent header is required' });
    const auth = String(req.headers.authentication ?? req.headers.authorization ?? '');
    if (!state.token || auth.toLowerCase() !== `bearer ${state.token}`.toLowerCase()) {
      return send(401, { code: 401, message: 'Unauthorized', description: 'Invalid access token' });
    }
    if (rateLimited > 0) {
      rateLimited -= 1;
      return send(
        429,
        { code: 429, message: 'Too Many Requests' },
        { 'x-rate-limit-limit': '40', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': '50' },
      );
    }
    const body = method === 'POST' || method === 'PUT' ? await jsonBody(req) : {};
    if (body === null) return send(400, { code: 400, message: 'Bad Request', description: 'Invalid JSON' });
    const { store } = state;
    let match: RegExpMatchArray | null;

    if (method === 'GET' && path === '/store') {
      return send(200, {
        id: store.id,
        name: store.name,
        original_domain: store.domain,
        url_with_protocol: `https://${store.domain}`,
        main_language: store.mainLanguage,
        main_currency: store.currency,
        country: store.country,
        email: store.email,
        languages: { [store.mainLanguage]: { currency: store.currency, active: true } },
      });
    }
    if (method === 'GET' && path === '/products') {
      const perPage = Math.min(200, Math.max(1, Number(query.get('per_page') ?? 30) || 30));
      const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
      const all = [...state.products.values()];
      const last = Math.max(1, Math.ceil(all.length / perPage));
      if (page > last) return send(404, { code: 404, message: 'Not Found', description: `Last page is ${last}` });
      return send(
        200,
        all.slice((page - 1) * perPage, page * perPage).map((product) => productJson(state, product)),
        { 'x-total-count': String(all.length) },
      );
    }
    if (method === 'GET' && (match = path.match(/^\/products\/(\d+)$/))) {
      const product = state.products.get(Number(match[1]));
      return product
        ? send(200, productJson(state, product))
        : send(404, { code: 404, message: 'Not Found', description: 'Product not found' });
    }
    if (method === 'GET' && (match = path.match(/^\/orders\/(\d+)$/))) {
      const order = state.orders.get(Number(match[1]));
      if (!order) return send(404, { code: 404, message: 'Not Found', description: 'Order not found' });
      const total = order.items.reduce((sum, item) => sum + Number(item.price ?? '100') * (item.quantity ?? 1), 0);
      return send(200, {
        id: order.id,
        number: order.id - 4000,
        token: randomBytes(8).toString('hex'),
        contact_email: order.email,
        customer: { id: order.customerId ?? order.id * 3, email: order.email, name: 'Lucía Compradora' },
        products: order.items.map((item) => ({
          product_id: item.productId,
          variant_id: item.productId * 10,
          name: item.name ?? state.products.get(item.productId)?.name ?? 'Producto',
          sku: item.sku ?? null,
          quantity: item.quantity ?? 1,
          price: item.price ?? '100.00',
        })),
        currency: store.currency,
        total: total.toFixed(2),
        created_at: order.createdAt.toISOString().replace(/\.\d{3}Z$/, '+0000'),
        paid_at: null,
        payment_status: order.paymentStatus ?? 'paid',
        shipping_status: order.shippingStatus ?? 'unpacked',
        shipped_at:
          order.shippingStatus === 'fulfilled' ? new Date().toISOString().replace(/\.\d{3}Z$/, '+0000') : null,
        language: order.language ?? null,
        status: order.status ?? 'open',
      });
    }
    if (path === '/coupons') {
      if (method === 'GET') return send(200, state.coupons);
      if (method === 'POST') {
        const errors: Record<string, string[]> = {};
        if (typeof body.code !== 'string' || !body.code) errors.code = ["can't be blank"];
        else if (state.coupons.some((coupon) => coupon.code.toLowerCase() === String(body.code).toLowerCase()))
          errors.code = ['has already been taken'];
        if (!['percentage', 'absolute', 'shipping'].includes(String(body.type))) errors.type = ['is invalid'];
        if (body.type !== 'shipping' && !/^\d+(\.\d+)?$/.test(String(body.value))) errors.value = ['is invalid'];
        if (Object.keys(errors).length)
          return send(422, { code: 422, message: 'Unprocessable Entity', description: errors });
        const coupon: FakeTnCoupon = {
          id: ++serial,
          code: body.code as string,
          type: body.type as FakeTnCoupon['type'],
          value: String(body.value ?? '0.00'),
          valid: body.valid !== false,
          max_uses: typeof body.max_uses === 'number' ? body.max_uses : null,
          start_date: typeof body.start_date === 'string' ? body.start_date : null,
          end_date: typeof body.end_date === 'string' ? body.end_date : null,
        };
        state.coupons.push(coupon);
        return send(201, coupon);
      }
    }
    if (path === '/metafields' || path.startsWith('/metafields/'))
      return metafields(state, method, path, query, body, send);
    if (path === '/webhooks') {
      if (method === 'GET') return send(200, state.webhooks);
      if (method === 'POST') {
        const errors: Record<string, string[]> = {};
        if (typeof body.event !== 'string' || !EVENTS.has(body.event)) errors.event = ['is invalid'];
        if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url)) errors.url = ['is invalid'];
        if (state.webhooks.some((hook) => hook.event === body.event && hook.url === body.url))
          errors.url = ['has already been taken'];
        if (Object.keys(errors).length)
          return send(422, { code: 422, message: 'Unprocessable Entity', description: errors });
        const hook = {
          id: ++serial,
          event: body.event as string,
          url: body.url as string,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        };
        state.webhooks.push(hook);
        return send(201, hook);
      }
    }
    if (method === 'DELETE' && (match = path.match(/^\/webhooks\/(\d+)$/))) {
      const index = state.webhooks.findIndex((hook) => hook.id === Number(match![1]));
      if (index < 0) return send(404, { code: 404, message: 'Not Found' });
      state.webhooks.splice(index, 1);
      return send(200, {});
    }
    if (path === '/scripts') {
      if (method === 'GET') return send(200, state.scripts);
      if (method === 'POST') {
        if (
          typeof body.src !== 'string' ||
          !/^https?:\/\//.test(body.src) ||
          body.event !== 'onload' ||
          body.where !== 'store'
        ) {
          return send(422, { code: 422, message: 'Unprocessable Entity', description: { src: ['is invalid'] } });
        }
        const script = {
          id: ++serial,
          src: body.src,
          event: 'onload',
          where: 'store',
          created_at: new Date().toISOString(),
        };
        state.scripts.push(script);
        return send(201, script);
      }
    }
    if (method === 'DELETE' && (match = path.match(/^\/scripts\/(\d+)$/))) {
      const index = state.scripts.findIndex((script) => script.id === Number(match![1]));
      if (index < 0) return send(404, { code: 404, message: 'Not Found' });
      state.scripts.splice(index, 1);
      return send(200, {});
    }
    send(404, { code: 404, message: 'Not Found', description: `No route for ${method} ${path}` });
  }

  function storefront(state: StoreState, productId: number, res: ServerResponse) {
    const product = state.products.get(productId);
    if (!product) return sendJson(res, 404, { message: 'Not Found' });
    const scripts = state.scripts
      .map(
        (script) =>
          `<script src="${script.src}${script.src.includes('?') ? '&' : '?'}store=${state.store.id}" async></script>`,
      )
      .join('');
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(productPage('tiendanube', { id: String(product.id), name: product.name }, scripts));
  }

  /** Metafields: listing needs read_products, writing write_products ("read_products alone must not write"). */
  function metafields(
    state: StoreState,
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
    send: (status: number, body?: unknown) => void,
  ) {
    const forbidden = () =>
      send(403, { code: 403, message: 'Forbidden', description: 'The access token does not have the required scope' });
    const notFound = () => send(404, { code: 404, message: 'Not Found', description: 'Metafield not found' });
    const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, '+0000');
    let match: RegExpMatchArray | null;
    if (method === 'GET' && (match = path.match(/^\/metafields\/([a-z_]+)$/))) {
      const resource = Object.entries(OWNER_RESOURCES).find(([, plural]) => plural === match![1])?.[0];
      if (!resource) return send(404, { code: 404, message: 'Not Found' });
      if (!state.scopes.includes('read_products') && !state.scopes.includes('write_products')) return forbidden();
      const ownerId = query.get('owner_id');
      const list = state.metafields.filter(
        (m) =>
          m.owner_resource === resource &&
          (ownerId === null || String(m.owner_id) === ownerId) &&
          (!query.get('namespace') || m.namespace === query.get('namespace')) &&
          (!query.get('key') || m.key === query.get('key')),
      );
      return send(200, list);
    }
    if (!state.scopes.includes('write_products')) return forbidden();
    if (method === 'POST' && path === '/metafields') {
      const errors: Record<string, string[]> = {};
      for (const name of ['namespace', 'key']) {
        if (typeof body[name] !== 'string' || !METAFIELD_NAME.test(body[name] as string)) errors[name] = ['is invalid'];
      }
      if (typeof body.value !== 'string' || body.value === '') errors.value = ["can't be blank"];
      const resource = String(body.owner_resource ?? '');
      if (!OWNER_RESOURCES[resource]) errors.owner_resource = ['is not included in the list'];
      const ownerId = Number(body.owner_id);
      if (!Number.isInteger(ownerId) || (resource === 'Product' && !state.products.has(ownerId))) {
        errors.owner_id = ['does not exist'];
      }
      const taken = state.metafields.some(
        (m) =>
          m.owner_resource === resource &&
          m.owner_id === ownerId &&
          m.namespace === body.namespace &&
          m.key === body.key,
      );
      if (taken) errors.key = ['has already been taken'];
      if (Object.keys(errors).length)
        return send(422, { code: 422, message: 'Unprocessable Entity', description: errors });
      const created: FakeTnMetafield = {
        id: ++serial,
        namespace: body.namespace as string,
        key: body.key as string,
        value: body.value as string,
        description: typeof body.description === 'string' ? body.description : null,
        owner_resource: resource,
        owner_id: ownerId,
        created_at: now(),
        updated_at: now(),
      };
      state.metafields.push(created);
      return send(201, created);
    }
    if ((match = path.match(/^\/metafields\/(\d+)$/))) {
      const index = state.metafields.findIndex((m) => m.id === Number(match![1]));
      if (index === -1) return notFound();
      const found = state.metafields[index];
      if (method === 'PUT') {
        if (typeof body.value !== 'string' || body.value === '') {
          return send(422, { code: 422, message: 'Unprocessable Entity', description: { value: ["can't be blank"] } });
        }
        Object.assign(found, { value: body.value, updated_at: now() });
        if (typeof body.description === 'string') found.description = body.description;
        return send(200, found);
      }
      if (method === 'DELETE') {
        state.metafields.splice(index, 1);
        return send(200, {});
      }
    }
    return send(404, { code: 404, message: 'Not Found' });
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://tiendanube.test');
    const path = url.pathname;
    const run = async () => {
      if (req.method === 'POST' && path === '/apps/authorize/token') return token(req, res);
      let match = path.match(/^\/apps\/([^/]+)\/authorize$/);
      if (req.method === 'GET' && match) {
        const storeId = Number(url.searchParams.get('store'));
        if (match[1] !== clientId || !stores.has(storeId) || !redirectUrl)
          return sendJson(res, 404, { message: 'Not Found' });
        const target = new URL(redirectUrl);
        target.searchParams.set('code', issueCode(storeId));
        res.writeHead(302, { location: target.href }).end();
        return;
      }
      if ((match = path.match(/^\/storefront\/(\d+)\/products\/(\d+)$/)) && stores.has(Number(match[1]))) {
        return storefront(stateOf(Number(match[1])), Number(match[2]), res);
      }
      match = path.match(/^\/v1\/(\d+)(\/.*)$/);
      const state = match ? stores.get(Number(match[1])) : undefined;
      if (!match || !state) return sendJson(res, 404, { code: 404, message: 'Not Found' });
      return api(state, req, res, match[2], url.searchParams);
    };
    run().catch((error: unknown) => sendJson(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const target = (url: string) => (webhookTarget ? `${webhookTarget}${new URL(url).pathname}` : url);
  const fake: FakeTiendaNube = {
    url: base,
    clientId,
    clientSecret,
    tokenExchanges,
    requests,
    addStore(input = {}) {
      const id = input.id ?? ++serial;
      const store: FakeTnStore = {
        id,
        name: { es: 'Mate & Co', pt: 'Mate & Cia' },
        mainLanguage: 'es',
        currency: 'ARS',
        country: 'AR',
        domain: `tienda${id}.mitiendanube.test`,
        email: `owner${id}@tienda.test`,
        ...input,
      };
      stores.set(id, {
        store,
        token: null,
        products: new Map(),
        orders: new Map(),
        scripts: [],
        webhooks: [],
        coupons: [],
        metafields: [],
        scopes: [],
        nextScopes: [...DEFAULT_SCOPES],
      });
      return store;
    },
    addProducts(storeId, products) {
      for (const product of products) stateOf(storeId).products.set(product.id, product);
    },
    deleteProduct(storeId, id) {
      stateOf(storeId).products.delete(id);
    },
    addOrder(storeId, order) {
      const id = order.id ?? ++serial;
      stateOf(storeId).orders.set(id, { ...order, id, createdAt: new Date() });
      return { id };
    },
    issueCode: (storeId, { lifeMs } = {}) => issueCode(storeId, lifeMs),
    authorizeUrl: (storeId) => `${base}/apps/${encodeURIComponent(clientId)}/authorize?store=${storeId}`,
    setRedirectUrl(url) {
      redirectUrl = url;
    },
    tokenOf: (storeId) => stateOf(storeId).token,
    scripts: (storeId) => stateOf(storeId).scripts,
    webhooks: (storeId) => stateOf(storeId).webhooks,
    coupons: (storeId) => stateOf(storeId).coupons,
    metafields: (storeId) => [...stateOf(storeId).metafields],
    productMetafields: (storeId, productId) =>
      Object.fromEntries(
        stateOf(storeId)
          .metafields.filter((m) => m.owner_resource === 'Product' && m.owner_id === productId)
          .map((m) => [`${m.namespace}.${m.key}`, m.value]),
      ),
    setScopes(storeId, scopes) {
      const state = stateOf(storeId);
      state.scopes = [...scopes];
      state.nextScopes = [...scopes];
    },
    rateLimitNext(n) {
      rateLimited = n;
    },
    setWebhookTarget(origin) {
      webhookTarget = origin;
    },
    async deliver(storeId, event, id) {
      const hooks = stateOf(storeId).webhooks.filter((hook) => hook.event === event);
      if (!hooks.length) throw new Error(`No webhook of ${storeId} for ${event}`);
      const body = { store_id: storeId, event, id };
      return Promise.all(hooks.map((hook) => fake.send(hook.url, body)));
    },
    send(url, body, { secret = clientSecret } = {}) {
      const text = JSON.stringify(body);
      return postWebhook(target(url), text, {
        'x-linkedstore-hmac-sha256': tiendaNubeHmac(text, secret),
        'user-agent': 'Tiendanube Webhooks',
      });
    },
    async uninstall(storeId) {
      const state = stateOf(storeId);
      for (const hook of state.webhooks.filter((item) => item.event === 'app/uninstalled')) {
        await fake.send(hook.url, { store_id: storeId, event: 'app/uninstalled' });
      }
      state.token = null;
      state.scripts = [];
      state.webhooks = [];
    },
    storefrontUrl: (storeId, productId) => `${base}/storefront/${storeId}/products/${productId}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
