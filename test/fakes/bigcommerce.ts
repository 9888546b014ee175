import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonBody, postWebhook, sendJson } from './http-json.js';
import { productPage } from './storefront.js';

// BigCommerce's Store API for Store API accounts (EXTERNAL_APIS §2), each store under `/stores/{hash}/…` as on
// api.bigcommerce.com: store info, the Scripts API, catalog products, webhooks (hooks) and orders, plus the store's
// Cornerstone product pages with the scripts registered on it, and webhook deliveries signed as BigCommerce does.

export interface FakeBcStore {
  hash: string;
  numericId: string;
  name: string;
  domain: string;
  language: string;
  currency: string;
  timezone: string;
  clientId: string;
  clientSecret: string;
  accessToken: string;
  /**
   * The Store API account's Products scope is "read-only": writes to the catalogue answer 403 as BigCommerce does.
   * Changed on the returned object to model the merchant editing the account's scopes.
   */
  readOnlyProducts?: boolean;
}

export interface FakeBcProduct {
  id: number;
  name: string;
  sku?: string;
  price?: string;
  image?: string;
  slug?: string;
}

export interface FakeBcOrderInput {
  id?: number;
  email: string;
  customerId?: number;
  status?: string;
  currency?: string;
  items: Array<{ productId: number; name?: string; sku?: string; quantity?: number; price?: string }>;
}

export interface FakeBcScript {
  uuid: string;
  client_id: string;
  name: string;
  description: string;
  src: string;
  kind: string;
  load_method: string;
  location: string;
  visibility: string;
  consent_category: string;
  auto_uninstall: boolean;
}

/** A v2 coupon as the API stores it (review incentives). */
export interface FakeBcCoupon {
  id: number;
  name: string;
  code: string;
  type: string;
  amount: string;
  enabled: boolean;
  expires: string;
  max_uses: number;
  max_uses_per_customer: number;
  applies_to: { entity: string; ids: number[] };
}

const COUPON_TYPES = new Set([
  'per_item_discount',
  'per_total_discount',
  'shipping_discount',
  'free_shipping',
  'percentage_discount',
  'promotion',
]);

/** A product review in the store's own reviews (v3 catalog), as the Catalog API keeps it. */
export interface FakeBcReview {
  id: number;
  product_id: number;
  title: string;
  text: string;
  status: 'approved' | 'disapproved' | 'pending';
  rating: number;
  email: string;
  name: string;
  date_reviewed: string;
  date_created: string;
  date_modified: string;
}

const REVIEW_STATUSES = new Set(['approved', 'disapproved', 'pending']);

export interface FakeBcHook {
  id: number;
  client_id: string;
  store_hash: string;
  scope: string;
  destination: string;
  is_active: boolean;
  headers: Record<string, string>;
  created_at: number;
}

export interface FakeBcRequest {
  method: string;
  path: string;
  status: number;
}

export interface DeliveryResult {
  status: number;
  body: string;
  webhookId: string;
}

export interface FakeBigCommerce {
  /** Base URL, for BIGCOMMERCE_API_URL. */
  url: string;
  addStore(store?: Partial<FakeBcStore>): FakeBcStore;
  /** Adds products, or updates known ids in place. */
  addProducts(hash: string, products: FakeBcProduct[]): void;
  deleteProduct(hash: string, id: number): void;
  addOrder(hash: string, order: FakeBcOrderInput): { id: number };
  scripts(hash: string): FakeBcScript[];
  hooks(hash: string): FakeBcHook[];
  coupons(hash: string): FakeBcCoupon[];
  /** The store's own product reviews, every product's. */
  reviews(hash: string): FakeBcReview[];
  /** The store's API account is deleted: its token stops working. */
  revokeToken(hash: string): void;
  /** The next n API calls answer `status` (429 with a reset header). */
  failNext(n: number, status: number): void;
  requests: FakeBcRequest[];
  /** Sends deliveries to this origin instead of the hooks' own (an app that listens on a local port). */
  setWebhookTarget(origin: string | null): void;
  /** Standard Webhooks headers for a body (signed with `secret`, by default the fake's signing secret). */
  signatureHeaders(
    body: string,
    options?: { id?: string; timestamp?: number; secret?: string },
  ): Record<string, string>;
  /** A delivery body as BigCommerce sends it. */
  payload(hash: string, scope: string, data: { type: string; id: number }): string;
  /** Posts to every active hook of the store for the scope; throws when there is none. */
  deliver(hash: string, scope: string, data: { type: string; id: number }): Promise<DeliveryResult[]>;
  storefrontUrl(hash: string, productId: number): string;
  close(): Promise<void>;
}

const SCRIPT_ENUMS: Record<string, readonly string[]> = {
  kind: ['src', 'script_tag'],
  load_method: ['default', 'async', 'defer'],
  location: ['head', 'footer'],
  visibility: ['storefront', 'all_pages', 'checkout', 'order_confirmation'],
  consent_category: ['essential', 'functional', 'analytics', 'targeting', 'unknown'],
};
const SCRIPTS_PER_CLIENT = 10;

/** `v1,<base64>` over `{id}.{timestamp}.{body}`, keyed with the secret's raw bytes (Standard Webhooks). */
export function signStandardWebhook(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

interface StoreState {
  store: FakeBcStore;
  products: Map<number, FakeBcProduct>;
  orders: Map<number, FakeBcOrderInput & { id: number; createdAt: Date }>;
  scripts: FakeBcScript[];
  hooks: FakeBcHook[];
  coupons: FakeBcCoupon[];
  reviews: FakeBcReview[];
}

function productJson(product: FakeBcProduct) {
  const slug = product.slug ?? product.name.toLowerCase().replace(/\W+/g, '-');
  return {
    id: product.id,
    name: product.name,
    sku: product.sku ?? '',
    price: Number(product.price ?? '0'),
    calculated_price: Number(product.price ?? '0'),
    is_visible: true,
    images: product.image
      ? [
          {
            id: product.id * 10,
            url_standard: product.image,
            url_thumbnail: product.image,
            is_thumbnail: true,
            sort_order: 0,
          },
        ]
      : [],
    variants: [{ id: product.id * 100, sku: product.sku ?? '', price: Number(product.price ?? '0') }],
    custom_url: { url: `/${slug}/`, is_customized: false },
  };
}

/** A v3 list's page (`?page=&limit=`, 50 by default, at most 250) with its pagination, as BigCommerce answers. */
function paged<T>(all: T[], query: URLSearchParams) {
  const limit = Math.min(250, Math.max(1, Number(query.get('limit') ?? 50) || 50));
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const data = all.slice((page - 1) * limit, page * limit);
  const totalPages = Math.max(1, Math.ceil(all.length / limit));
  return {
    data,
    meta: {
      pagination: {
        total: all.length,
        count: data.length,
        per_page: limit,
        current_page: page,
        total_pages: totalPages,
        links: {
          current: `?page=${page}&limit=${limit}`,
          ...(page < totalPages && { next: `?page=${page + 1}&limit=${limit}` }),
        },
      },
    },
  };
}

export async function startFakeBigCommerce(options: { signingSecret?: string } = {}): Promise<FakeBigCommerce> {
  const stores = new Map<string, StoreState>();
  const requests: FakeBcRequest[] = [];
  let failures: { n: number; status: number } = { n: 0, status: 500 };
  let webhookTarget: string | null = null;
  let serial = 100;
  let base = '';

  const stateOf = (hash: string) => {
    const state = stores.get(hash);
    if (!state) throw new Error(`Unknown store ${hash}: call addStore first`);
    return state;
  };
  const signingSecret = (state: StoreState) => options.signingSecret ?? state.store.clientSecret;

  async function api(
    state: StoreState,
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ) {
    const method = req.method ?? 'GET';
    const send = (status: number, body?: unknown, headers?: Record<string, string>) => {
      requests.push({ method, path: `/stores/${state.store.hash}${path}`, status });
      sendJson(res, status, body, headers);
    };
    if (req.headers['x-auth-token'] !== state.store.accessToken) {
      return send(401, {
        status: 401,
        title: 'You have not provided a valid access token',
        type: 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes',
      });
    }
    if (failures.n > 0) {
      failures.n -= 1;
      return send(
        failures.status,
        { status: failures.status, title: 'Failure' },
        failures.status === 429 ? { 'x-rate-limit-time-reset-ms': '50' } : {},
      );
    }
    const body = method === 'POST' || method === 'PUT' ? await jsonBody(req) : {};
    if (body === null) return send(400, { status: 400, title: 'The request body is not JSON' });
    const { store } = state;
    let match: RegExpMatchArray | null;

    if (method === 'GET' && path === '/v2/store') {
      return send(200, {
        id: store.hash,
        domain: store.domain,
        secure_url: `https://${store.domain}`,
        status: 'live',
        name: store.name,
        admin_email: `owner@${store.domain}`,
        language: store.language,
        currency: store.currency,
        plan_name: 'Standard',
        timezone: { name: store.timezone, raw_offset: 0, dst_offset: 0, dst_correction: false, date_format: {} },
      });
    }
    if (method === 'GET' && path === '/v2/time') return send(200, { time: Math.floor(Date.now() / 1000) });

    if (path === '/v3/content/scripts') {
      if (method === 'GET')
        return send(200, { data: state.scripts, meta: { pagination: { total: state.scripts.length } } });
      if (method === 'POST') {
        const errors: Record<string, string> = {};
        const name = body.name;
        if (typeof name !== 'string' || name.length < 1 || name.length > 255)
          errors.name = 'name must be 1-255 characters';
        for (const [field, values] of Object.entries(SCRIPT_ENUMS)) {
          if (body[field] !== undefined && !values.includes(String(body[field])))
            errors[field] = `${field} is not valid`;
        }
        const kind = String(body.kind ?? 'src');
        if (kind === 'src' && (typeof body.src !== 'string' || !URL.canParse(body.src)))
          errors.src = 'src must be a URL';
        if (Object.keys(errors).length) return send(422, { status: 422, title: 'Input is invalid', errors });
        const clientId = String(req.headers['x-auth-client'] ?? store.clientId);
        if (state.scripts.filter((script) => script.client_id === clientId).length >= SCRIPTS_PER_CLIENT) {
          return send(422, { status: 422, title: 'Script limit reached for this API account', errors: {} });
        }
        const script: FakeBcScript = {
          uuid: randomUUID(),
          client_id: clientId,
          name: name as string,
          description: String(body.description ?? ''),
          src: String(body.src ?? ''),
          kind,
          load_method: String(body.load_method ?? 'default'),
          location: String(body.location ?? 'head'),
          visibility: String(body.visibility ?? 'storefront'),
          consent_category: String(body.consent_category ?? 'unknown'),
          auto_uninstall: body.auto_uninstall === true,
        };
        state.scripts.push(script);
        return send(200, { data: script, meta: {} });
      }
    }
    if ((match = path.match(/^\/v3\/content\/scripts\/([\w-]+)$/))) {
      const index = state.scripts.findIndex((script) => script.uuid === match![1]);
      if (index < 0) return send(404, { status: 404, title: 'Script not found' });
      if (method === 'GET') return send(200, { data: state.scripts[index] });
      if (method === 'DELETE') {
        state.scripts.splice(index, 1);
        return send(204);
      }
    }

    if (method === 'GET' && path === '/v3/catalog/products') {
      return send(200, paged([...state.products.values()].map(productJson), query));
    }
    if (method === 'GET' && (match = path.match(/^\/v3\/catalog\/products\/(\d+)$/))) {
      const product = state.products.get(Number(match[1]));
      return product
        ? send(200, { data: productJson(product), meta: {} })
        : send(404, { status: 404, title: 'Product not found' });
    }

    if (store.readOnlyProducts && method !== 'GET' && path.startsWith('/v3/catalog/products')) {
      return send(403, {
        status: 403,
        title: "You don't have a required scope to access the endpoint",
        type: 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes',
        errors: {},
      });
    }
    if ((match = path.match(/^\/v3\/catalog\/products\/(\d+)\/reviews(?:\/(\d+))?$/))) {
      const productId = Number(match[1]);
      if (!state.products.has(productId)) return send(404, { status: 404, title: 'Product not found' });
      const found = match[2]
        ? state.reviews.find((r) => r.id === Number(match![2]) && r.product_id === productId)
        : null;
      if (match[2] && !found) return send(404, { status: 404, title: 'Review not found' });
      if (method === 'GET' && !found) {
        return send(
          200,
          paged(
            state.reviews.filter((r) => r.product_id === productId),
            query,
          ),
        );
      }
      if (method === 'GET') return send(200, { data: found, meta: {} });
      if (method === 'DELETE' && found) {
        state.reviews.splice(state.reviews.indexOf(found), 1);
        return send(204);
      }
      if (method === 'POST' || method === 'PUT') {
        const errors: Record<string, string> = {};
        if (method === 'POST' && (typeof body.title !== 'string' || !body.title)) errors.title = 'title is required';
        if (body.title !== undefined && (typeof body.title !== 'string' || body.title.length > 255))
          errors.title = 'title must be a string of up to 255 characters';
        if (
          body.rating !== undefined &&
          !(Number.isInteger(body.rating) && Number(body.rating) >= 0 && Number(body.rating) <= 5)
        )
          errors.rating = 'rating must be one of 0, 1, 2, 3, 4, 5';
        if (body.status !== undefined && !REVIEW_STATUSES.has(String(body.status)))
          errors.status = 'status must be approved, disapproved or pending';
        if (body.date_reviewed !== undefined && Number.isNaN(Date.parse(String(body.date_reviewed))))
          errors.date_reviewed = 'date_reviewed must be a date-time';
        if (Object.keys(errors).length) return send(422, { status: 422, title: 'Input is invalid', errors });
        const now = new Date().toISOString();
        const fields = Object.fromEntries(
          ['title', 'text', 'status', 'rating', 'email', 'name', 'date_reviewed']
            .filter((key) => body[key] !== undefined)
            .map((key) => [key, body[key]]),
        ) as Partial<FakeBcReview>;
        if (found) {
          Object.assign(found, fields, { date_modified: now });
          return send(200, { data: found, meta: {} });
        }
        const review: FakeBcReview = {
          id: ++serial,
          product_id: productId,
          title: '',
          text: '',
          status: 'pending',
          rating: 0,
          email: '',
          name: '',
          date_reviewed: now,
          ...fields,
          date_created: now,
          date_modified: now,
        };
        state.reviews.push(review);
        return send(200, { data: review, meta: {} });
      }
    }

    if (path === '/v3/hooks') {
      if (method === 'GET') return send(200, { data: state.hooks, meta: {} });
      if (method === 'POST') {
        const errors: Record<string, string> = {};
        if (typeof body.scope !== 'string' || !/^store\/[a-zA-Z_/*]+$/.test(body.scope))
          errors.scope = 'scope is not valid';
        if (typeof body.destination !== 'string' || !/^https?:\/\//.test(body.destination))
          errors.destination = 'destination must be a URL';
        if (Object.keys(errors).length) return send(422, { status: 422, title: 'Input is invalid', errors });
        const hook: FakeBcHook = {
          id: ++serial,
          client_id: String(req.headers['x-auth-client'] ?? store.clientId),
          store_hash: store.hash,
          scope: body.scope as string,
          destination: body.destination as string,
          is_active: body.is_active !== false,
          headers: (body.headers as Record<string, string> | undefined) ?? {},
          created_at: Math.floor(Date.now() / 1000),
        };
        state.hooks.push(hook);
        return send(200, { data: hook, meta: {} });
      }
    }
    if ((match = path.match(/^\/v3\/hooks\/(\d+)$/))) {
      const index = state.hooks.findIndex((hook) => hook.id === Number(match![1]));
      if (index < 0) return send(404, { status: 404, title: 'Hook not found' });
      if (method === 'GET') return send(200, { data: state.hooks[index] });
      if (method === 'DELETE') return send(200, { data: state.hooks.splice(index, 1)[0] });
    }

    if (path === '/v2/coupons') {
      if (method === 'GET') return send(200, state.coupons);
      if (method === 'POST') {
        const problems = [
          typeof body.name === 'string' && body.name ? null : 'name',
          typeof body.code === 'string' && /^[\w-]{1,50}$/.test(body.code) ? null : 'code',
          typeof body.type === 'string' && COUPON_TYPES.has(body.type) ? null : 'type',
          typeof body.amount === 'string' && /^\d+(\.\d+)?$/.test(body.amount) ? null : 'amount',
          Array.isArray((body.applies_to as { ids?: unknown })?.ids) ? null : 'applies_to',
        ].filter(Boolean);
        if (problems.length) return send(400, [{ status: 400, message: `The field '${problems[0]}' is invalid.` }]);
        if (state.coupons.some((coupon) => coupon.code.toLowerCase() === String(body.code).toLowerCase())) {
          return send(409, [{ status: 409, message: 'The coupon code is already in use.' }]);
        }
        const coupon = { ...(body as unknown as FakeBcCoupon), id: state.coupons.length + 1 };
        state.coupons.push(coupon);
        return send(201, coupon);
      }
    }

    if (method === 'GET' && (match = path.match(/^\/v2\/orders\/(\d+)(\/products)?$/))) {
      const order = state.orders.get(Number(match[1]));
      if (!order) return send(404, [{ status: 404, message: 'The requested resource was not found.' }]);
      const currency = order.currency ?? store.currency;
      if (match[2]) {
        return send(
          200,
          order.items.map((item, index) => ({
            id: order.id * 10 + index,
            order_id: order.id,
            product_id: item.productId,
            variant_id: item.productId * 100,
            name: item.name ?? state.products.get(item.productId)?.name ?? 'Product',
            sku: item.sku ?? '',
            quantity: item.quantity ?? 1,
            base_price: Number(item.price ?? '10').toFixed(4),
          })),
        );
      }
      const total = order.items.reduce((sum, item) => sum + Number(item.price ?? '10') * (item.quantity ?? 1), 0);
      return send(200, {
        id: order.id,
        customer_id: order.customerId ?? 0,
        date_created: order.createdAt.toUTCString().replace('GMT', '+0000'),
        date_modified: order.createdAt.toUTCString().replace('GMT', '+0000'),
        status: order.status ?? 'Awaiting Fulfillment',
        status_id: 11,
        currency_code: currency,
        total_inc_tax: total.toFixed(4),
        billing_address: { first_name: 'Ana', last_name: 'Buyer', email: order.email },
      });
    }
    send(404, { status: 404, title: `No route for ${method} ${path}` });
  }

  function storefront(state: StoreState, productId: number, res: ServerResponse) {
    const product = state.products.get(productId);
    if (!product) return sendJson(res, 404, { title: 'No such product' });
    const visible = state.scripts.filter(
      (script) => ['storefront', 'all_pages'].includes(script.visibility) && script.kind === 'src',
    );
    const tag = (script: FakeBcScript) =>
      `<script src="${script.src}"${script.load_method === 'default' ? '' : ` ${script.load_method}`}></script>`;
    const head = visible
      .filter((script) => script.location === 'head')
      .map(tag)
      .join('');
    const footer = visible
      .filter((script) => script.location === 'footer')
      .map(tag)
      .join('');
    const html = productPage('bigcommerce', { id: String(product.id), name: product.name }, head).replace(
      '</body>',
      `${footer}</body>`,
    );
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://api.bigcommerce.test');
    const shop = url.pathname.match(/^\/storefront\/([a-z0-9]+)\/products\/(\d+)$/);
    if (shop && stores.has(shop[1])) return storefront(stateOf(shop[1]), Number(shop[2]), res);
    const match = url.pathname.match(/^\/stores\/([a-z0-9]+)(\/v[23]\/.*)$/);
    const state = match ? stores.get(match[1]) : undefined;
    if (!match || !state) {
      requests.push({ method: req.method ?? 'GET', path: url.pathname, status: 404 });
      return sendJson(res, 404, { status: 404, title: 'Store not found' });
    }
    api(state, req, res, match[2], url.searchParams).catch((error: unknown) =>
      sendJson(res, 500, { title: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeBigCommerce = {
    url: base,
    requests,
    addStore(input = {}) {
      const hash = input.hash ?? randomBytes(4).toString('hex');
      const store: FakeBcStore = {
        hash,
        numericId: String(1000000 + stores.size),
        name: 'Canvas Goods',
        domain: `${hash}.mybigcommerce.test`,
        language: 'en',
        currency: 'USD',
        timezone: 'America/New_York',
        clientId: `client-${hash}`,
        clientSecret: randomBytes(16).toString('hex'),
        accessToken: `token-${randomBytes(12).toString('hex')}`,
        ...input,
      };
      stores.set(hash, {
        store,
        products: new Map(),
        orders: new Map(),
        scripts: [],
        hooks: [],
        coupons: [],
        reviews: [],
      });
      return store;
    },
    addProducts(hash, products) {
      for (const product of products) stateOf(hash).products.set(product.id, product);
    },
    deleteProduct(hash, id) {
      stateOf(hash).products.delete(id);
    },
    addOrder(hash, order) {
      const id = order.id ?? ++serial;
      stateOf(hash).orders.set(id, { ...order, id, createdAt: new Date() });
      return { id };
    },
    scripts: (hash) => stateOf(hash).scripts,
    hooks: (hash) => stateOf(hash).hooks,
    coupons: (hash) => stateOf(hash).coupons,
    reviews: (hash) => stateOf(hash).reviews,
    revokeToken(hash) {
      stateOf(hash).store.accessToken = `revoked-${randomBytes(6).toString('hex')}`;
    },
    failNext(n, status) {
      failures = { n, status };
    },
    setWebhookTarget(origin) {
      webhookTarget = origin;
    },
    signatureHeaders(
      body,
      { id = `msg_${randomBytes(8).toString('hex')}`, timestamp = Math.floor(Date.now() / 1000), secret } = {},
    ) {
      const key = secret ?? options.signingSecret ?? '';
      return {
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signStandardWebhook(key, id, timestamp, body),
      };
    },
    payload(hash, scope, data) {
      const { store } = stateOf(hash);
      return JSON.stringify({
        scope,
        store_id: store.numericId,
        data,
        hash: createHash('sha1').update(`${scope}:${data.id}:${randomUUID()}`).digest('hex'),
        created_at: Math.floor(Date.now() / 1000),
        producer: `stores/${hash}`,
      });
    },
    async deliver(hash, scope, data) {
      const state = stateOf(hash);
      const hooks = state.hooks.filter(
        (hook) =>
          hook.is_active &&
          (hook.scope === scope || (hook.scope.endsWith('/*') && scope.startsWith(hook.scope.slice(0, -1)))),
      );
      if (!hooks.length) throw new Error(`No hook of ${hash} for ${scope}`);
      const results: DeliveryResult[] = [];
      for (const hook of hooks) {
        const body = fake.payload(hash, scope, data);
        const webhookId = `msg_${randomBytes(8).toString('hex')}`;
        const target = webhookTarget ? `${webhookTarget}${new URL(hook.destination).pathname}` : hook.destination;
        const headers = {
          ...hook.headers,
          ...fake.signatureHeaders(body, { id: webhookId, secret: signingSecret(state) }),
        };
        results.push({ ...(await postWebhook(target, body, headers)), webhookId });
      }
      return results;
    },
    storefrontUrl: (hash, productId) => `${base}/storefront/${hash}/products/${productId}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
