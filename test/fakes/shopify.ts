import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answer,
  BUCKET,
  costExtension,
  type EmbedState,
  type FakeMetafield,
  type FakeSubscription,
  type OperationContext,
  type ShopState,
} from './shopify/graphql.js';
import { appSubscriptionPayload, confirmCharge, type ChargeStatus, type FakeCharge } from './shopify/billing.js';
import type { FakeDiscount } from './shopify/discounts.js';
import type { FakeDefinition } from './shopify/metafields.js';
import {
  bodyHmac,
  hostParam,
  shopWithDefaults,
  signParams,
  type FakeProduct,
  type FakeShop,
} from './shopify/payloads.js';
import { readBody } from './read-body.js';

// Shopify's OAuth, Admin GraphQL API and webhooks for one app, with every shop served under `/{shop}/…`: the app
// replaces `https://{shop}` with `${SHOPIFY_API_URL}/{shop}`. State lives in memory; tests read and steer it through
// the returned object.

export {
  customersDataRequestPayload,
  customersRedactPayload,
  orderPayload,
  productPayload,
  shopIdOf,
  shopPayload,
  shopRedactPayload,
  type FakeProduct,
  type FakeShop,
  type OrderInput,
  type OrderLineInput,
  type PrivacyCustomerInput,
} from './shopify/payloads.js';
export type { EmbedState, FakeMetafield, FakeSubscription } from './shopify/graphql.js';
export type { FakeDefinition } from './shopify/metafields.js';
export type { ChargeStatus, FakeCharge } from './shopify/billing.js';
export type { FakeDiscount } from './shopify/discounts.js';

export interface FakeShopifyOptions {
  apiKey: string;
  apiSecret: string;
  /** The Admin API version served (default 2026-07); a GraphQL call to another version answers 404. */
  version?: string;
}

export interface FakeAuthorization {
  shop: string;
  clientId: string;
  scopes: string[];
  redirectUri: string;
  state: string | null;
  /** `grant_options[]` values: `per-user` asks for an online token. */
  grantOptions: string[];
}

export interface FakeTokenExchange {
  shop: string;
  clientId: string;
  code: string;
  status: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  operationName?: string;
  status: number;
}

export interface WebhookOptions {
  webhookId?: string;
  /** ISO time for X-Shopify-Triggered-At; now by default. */
  triggeredAt?: string;
  /** Signs with this instead of the app's secret (a forged delivery). */
  secret?: string;
}

export interface WebhookResult {
  status: number;
  body: string;
  webhookId: string;
}

export interface FakeShopify {
  /** Base URL, for SHOPIFY_API_URL. */
  url: string;
  apiKey: string;
  apiSecret: string;
  /** Adds a shop, or updates the details of a known one. */
  addShop(shop: Partial<FakeShop> & { domain: string }): FakeShop;
  /** Appends products (numeric ids) in catalog order; a known id is updated in place. */
  addProducts(domain: string, products: FakeProduct[]): void;
  setEmbed(domain: string, state: EmbedState): void;
  /** The next n GraphQL calls answer 200 with a THROTTLED error (about 50 ms to wait). */
  throttleNext(n: number): void;
  /** The next n GraphQL calls answer 429 with `Retry-After: 1`. */
  rateLimitNext(n: number): void;
  authorizations: FakeAuthorization[];
  tokenExchanges: FakeTokenExchange[];
  subscriptions(domain: string): FakeSubscription[];
  metafields(domain: string): FakeMetafield[];
  /** A product's metafields by `namespace.key`, with their type and stored value. */
  productMetafields(domain: string, productId: string): Record<string, { type: string; value: string }>;
  /** Metafield definitions enabled from standard templates. */
  definitions(domain: string): FakeDefinition[];
  /** Changes the scopes the shop's token carries (a store installed before the app asked for more). */
  setScopes(domain: string, scopes: string[]): void;
  /** App subscriptions (charges) the app created, with the merchant's decisions. */
  charges(domain: string): FakeCharge[];
  /** Code discounts the app created (review incentives). */
  discounts(domain: string): FakeDiscount[];
  /** Changes a charge as Shopify would (e.g. CANCELLED, FROZEN); returns the app_subscriptions/update body to send. */
  setChargeStatus(domain: string, id: string, status: ChargeStatus): ReturnType<typeof appSubscriptionPayload>;
  tokenOf(domain: string): string | null;
  /** Invalidates the shop's token, as an uninstall does (subscriptions and metafields stay). */
  revokeToken(domain: string): void;
  requests: FakeRequest[];
  /** The URL Shopify admin opens when a merchant installs or opens the app: `appUrl?hmac=&host=&shop=&timestamp=`. */
  appOpenUrl(appUrl: string, domain: string, options?: { timestamp?: number }): string;
  /** The params with a correct `hmac` (under the app's secret) added. */
  signQuery(params: Record<string, string>): Record<string, string>;
  webhookHeaders(topic: string, domain: string, body: string, options?: WebhookOptions): Record<string, string>;
  sendWebhook(
    url: string,
    topic: string,
    domain: string,
    payload: unknown,
    options?: WebhookOptions,
  ): Promise<WebhookResult>;
  /** Sends to every subscription of the shop to that topic; throws when there is none. */
  deliver(topic: string, domain: string, payload: unknown, options?: WebhookOptions): Promise<WebhookResult[]>;
  close(): Promise<void>;
}

interface Grant {
  shop: string;
  scopes: string[];
  expiresAt: number;
}

type Send = (status: number, body: unknown, headers?: Record<string, string>) => void;

const CODE_TTL_MS = 5 * 60_000;
const THEME_EDITOR = 'themes/current/editor';
const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const RATE_LIMITED =
  'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.';
const BAD_QUERY = { errors: { query: 'Required parameter missing or invalid' } };

export async function startFakeShopify(options: FakeShopifyOptions): Promise<FakeShopify> {
  const { apiKey, apiSecret } = options;
  const version = options.version ?? '2026-07';
  const shops = new Map<string, ShopState>();
  const grants = new Map<string, Grant>();
  const authorizations: FakeAuthorization[] = [];
  const tokenExchanges: FakeTokenExchange[] = [];
  const requests: FakeRequest[] = [];
  let serial = 1000;
  const gid = (type: string) => `gid://shopify/${type}/${++serial}`;
  const context: OperationContext = {
    gid,
    embedType: `shopify://apps/video-reviews/blocks/video-reviews/${randomUUID()}`,
    baseUrl: '',
  };
  let throttled = 0;
  let rateLimited = 0;

  function stateOf(domain: string): ShopState {
    const state = shops.get(domain);
    if (!state) throw new Error(`Unknown shop ${domain}: call addShop first`);
    return state;
  }

  const signQuery = (params: Record<string, string>) => signParams(params, apiSecret);

  function authorize(state: ShopState, query: URLSearchParams, send: Send): void {
    const clientId = query.get('client_id') ?? '';
    if (clientId !== apiKey) return send(400, 'Oauth error invalid_request: The client_id provided is invalid');
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!URL.canParse(redirectUri)) return send(400, 'Oauth error invalid_request: The redirect_uri is missing');
    const shop = state.shop.domain;
    const scopes = (query.get('scope') ?? '')
      .split(',')
      .map((scope) => scope.trim())
      .filter(Boolean);
    const nonce = query.get('state');
    authorizations.push({
      shop,
      clientId,
      scopes,
      redirectUri,
      state: nonce,
      grantOptions: query.getAll('grant_options[]'),
    });
    const code = randomBytes(16).toString('hex');
    grants.set(code, { shop, scopes, expiresAt: Date.now() + CODE_TTL_MS });
    const target = new URL(redirectUri);
    const params: Record<string, string> = {
      ...Object.fromEntries(target.searchParams),
      code,
      host: hostParam(shop),
      shop,
      ...(nonce === null ? {} : { state: nonce }),
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    target.search = new URLSearchParams(signQuery(params)).toString();
    send(302, '', { location: target.toString() });
  }

  function exchange(state: ShopState, raw: string, send: Send): void {
    const body = parseBody(raw);
    const [clientId, clientSecret, code] = [body?.client_id, body?.client_secret, body?.code].map((value) =>
      typeof value === 'string' ? value : '',
    );
    const shop = state.shop.domain;
    const refuse = (description: string) => {
      tokenExchanges.push({ shop, clientId, code, status: 400 });
      send(400, { error: 'invalid_request', error_description: description });
    };
    if (clientId !== apiKey || clientSecret !== apiSecret) return refuse('The client credentials are invalid');
    const grant = grants.get(code);
    if (!grant || grant.shop !== shop) return refuse('The authorization code was not found or was already used');
    grants.delete(code);
    if (grant.expiresAt < Date.now()) return refuse('The authorization code has expired');
    state.token = `shpat_${randomBytes(16).toString('hex')}`;
    state.scopes = grant.scopes;
    tokenExchanges.push({ shop, clientId, code, status: 200 });
    send(200, { access_token: state.token, scope: grant.scopes.join(',') });
  }

  function graphql(state: ShopState, token: unknown, raw: string, entry: FakeRequest, send: Send): void {
    const body = parseBody(raw);
    if (typeof body?.query !== 'string') return send(400, BAD_QUERY);
    const name =
      typeof body.operationName === 'string'
        ? body.operationName
        : /^\s*(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1];
    entry.operationName = name;
    if (!state.token || token !== state.token) return send(401, { errors: INVALID_TOKEN });
    if (rateLimited > 0) {
      rateLimited--;
      return send(429, { errors: RATE_LIMITED }, { 'retry-after': '1' });
    }
    if (throttled > 0) {
      throttled--;
      return send(200, {
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
        extensions: costExtension(52, null, 2),
      });
    }
    const variables = typeof body.variables === 'object' && body.variables ? body.variables : {};
    const result = name === undefined ? undefined : answer(name, state, variables as Record<string, unknown>, context);
    if (!result) return send(200, { errors: [{ message: 'Unknown operation' }] });
    if ('errors' in result) return send(200, result);
    const { cost, data } = result;
    send(200, { data, extensions: costExtension(cost, cost, BUCKET.maximumAvailable - cost) });
  }

  /**
   * The theme editor's app-embed deep link (`?context=apps&activateAppId={api_key}/{handle}`): the merchant switches
   * the embed on and saves, which the fake does at once.
   */
  function themeEditor(state: ShopState, query: URLSearchParams, send: Send): void {
    const [clientId, handle] = (query.get('activateAppId') ?? '').split('/');
    if (query.get('context') !== 'apps' || clientId !== apiKey || !handle) {
      return send(400, 'Theme editor: unknown app embed');
    }
    state.embed = 'enabled';
    send(200, `App embed "${handle}" switched on and saved in the theme of ${state.shop.domain}.`);
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shopify.test');
    const entry: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, status: 0 };
    requests.push(entry);
    const send: Send = (status, body, headers = {}) => {
      entry.status = status;
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const type = typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
      res.writeHead(status, { 'content-type': type, ...headers }).end(text);
    };
    const match = /^\/([^/]+)\/admin\/(.+)$/.exec(url.pathname);
    const state = match ? shops.get(decodeURIComponent(match[1])) : undefined;
    const route = `${req.method} ${match?.[2]}`;
    const api = /^POST api\/([^/]+)\/graphql\.json$/.exec(route);
    if (state && route === `GET ${THEME_EDITOR}`) return themeEditor(state, url.searchParams, send);
    const charge = /^(GET|POST) charges\/(\d+)\/confirm$/.exec(route);
    if (state && charge) {
      const notify = async (changed: FakeCharge) => {
        const payload = appSubscriptionPayload(state, changed);
        for (const { uri } of state.subscriptions.filter((sub) => sub.topic === 'app_subscriptions/update')) {
          await sendWebhook(uri, 'app_subscriptions/update', state.shop.domain, payload);
        }
      };
      readBody(req).then(
        (raw) => confirmCharge(state, Number(charge[2]), req, raw, send, notify),
        () => send(400, 'Unreadable body'),
      );
      return;
    }
    if (!state || !(route === 'GET oauth/authorize' || route === 'POST oauth/access_token' || api)) {
      req.resume();
      return send(404, { errors: 'Not Found' });
    }
    if (route === 'GET oauth/authorize') return authorize(state, url.searchParams, send);
    if (api && api[1] !== version) {
      req.resume();
      return send(404, { errors: `Not Found: this fake serves API version ${version}` });
    }
    readBody(req).then(
      (raw) => {
        if (api) graphql(state, req.headers['x-shopify-access-token'], raw, entry, send);
        else exchange(state, raw, send);
      },
      () => send(400, BAD_QUERY),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  context.baseUrl = `http://127.0.0.1:${port}`;

  function webhookHeaders(topic: string, domain: string, body: string, opts: WebhookOptions = {}) {
    return {
      'content-type': 'application/json',
      'X-Shopify-Topic': topic,
      'X-Shopify-Shop-Domain': domain,
      'X-Shopify-API-Version': version,
      'X-Shopify-Webhook-Id': opts.webhookId ?? randomUUID(),
      'X-Shopify-Triggered-At': opts.triggeredAt ?? new Date().toISOString(),
      'X-Shopify-Event-Id': randomUUID(),
      'X-Shopify-Hmac-Sha256': bodyHmac(body, opts.secret ?? apiSecret),
    };
  }

  async function sendWebhook(url: string, topic: string, domain: string, payload: unknown, opts: WebhookOptions = {}) {
    const body = JSON.stringify(payload);
    const headers = webhookHeaders(topic, domain, body, opts);
    const res = await fetch(url, { method: 'POST', headers, body });
    return { status: res.status, body: await res.text(), webhookId: headers['X-Shopify-Webhook-Id'] };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    apiSecret,
    addShop(input) {
      const shop = shopWithDefaults(input);
      const known = shops.get(shop.domain);
      if (known) known.shop = shop;
      else {
        shops.set(shop.domain, {
          shop,
          installationId: gid('AppInstallation'),
          themeId: gid('OnlineStoreTheme'),
          products: [],
          embed: 'absent',
          token: null,
          subscriptions: [],
          metafields: [],
          definitions: [],
          charges: [],
          scopes: [],
          discounts: [],
        });
      }
      return shop;
    },
    addProducts(domain, products) {
      const state = stateOf(domain);
      for (const product of products) {
        if (!/^\d+$/.test(product.id)) throw new Error(`Shopify product ids are numeric, not "${product.id}"`);
        const index = state.products.findIndex((known) => known.id === product.id);
        if (index === -1) state.products.push(product);
        else state.products[index] = product;
      }
    },
    setEmbed: (domain, embed) => void (stateOf(domain).embed = embed),
    throttleNext: (n) => void (throttled = n),
    rateLimitNext: (n) => void (rateLimited = n),
    authorizations,
    tokenExchanges,
    subscriptions: (domain) => [...stateOf(domain).subscriptions],
    metafields: (domain) => [...stateOf(domain).metafields],
    productMetafields: (domain, productId) =>
      Object.fromEntries(
        stateOf(domain)
          .metafields.filter((m) => m.ownerId === `gid://shopify/Product/${productId}`)
          .map((m) => [`${m.namespace}.${m.key}`, { type: m.type, value: m.value }]),
      ),
    definitions: (domain) => [...stateOf(domain).definitions],
    setScopes: (domain, scopes) => void (stateOf(domain).scopes = [...scopes]),
    tokenOf: (domain) => shops.get(domain)?.token ?? null,
    charges: (domain) => [...stateOf(domain).charges],
    discounts: (domain) => [...stateOf(domain).discounts],
    setChargeStatus(domain, id, status) {
      const state = stateOf(domain);
      const charge = state.charges.find((known) => known.id === id);
      if (!charge) throw new Error(`No charge ${id}`);
      Object.assign(charge, { status, updatedAt: new Date().toISOString() });
      return appSubscriptionPayload(state, charge);
    },
    revokeToken: (domain) => void (stateOf(domain).token = null),
    requests,
    appOpenUrl(appUrl, domain, opts = {}) {
      const url = new URL(appUrl);
      const params = {
        ...Object.fromEntries(url.searchParams),
        host: hostParam(domain),
        shop: domain,
        timestamp: String(opts.timestamp ?? Math.floor(Date.now() / 1000)),
      };
      url.search = new URLSearchParams(signQuery(params)).toString();
      return url.toString();
    },
    signQuery,
    webhookHeaders,
    sendWebhook,
    async deliver(topic, domain, payload, opts) {
      const targets = stateOf(domain).subscriptions.filter((sub) => sub.topic === topic);
      if (targets.length === 0) throw new Error(`${domain} has no ${topic} subscription`);
      const results: WebhookResult[] = [];
      for (const { uri } of targets) results.push(await sendWebhook(uri, topic, domain, payload, opts));
      return results;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The token endpoint takes JSON or a form. */
function parseBody(raw: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return raw.includes('=') ? Object.fromEntries(new URLSearchParams(raw)) : undefined;
  }
}
