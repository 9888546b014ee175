import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Stripe from 'stripe';
import { createStore, type FakePriceChange, type KeyKind, type PendingEvent } from './stripe/api.js';
import { parseForm, type Params } from './stripe/form.js';
import {
  ApiError,
  newId,
  nowSeconds,
  randomAlphanumeric,
  TEST_CARDS,
  type FakeCheckoutSession,
  type FakeCustomer,
  type FakeInvoice,
  type FakePaymentMethod,
  type FakePriceInput,
  type FakeSetupIntent,
  type FakeSubscription,
  type StripeErrorBody,
} from './stripe/objects.js';
import { checkoutPage, notFoundPage, successUrl } from './stripe/pages.js';
import { readBody } from './read-body.js';

// Stripe for one account in test mode: the REST calls the app makes (through the real SDK), the hosted checkout
// page, a Stripe.js stand-in for the browser, and signed webhooks to the app. State lives in memory; tests read and
// steer it through the returned object.

export { TEST_CARDS };
export type { FakePriceChange } from './stripe/api.js';
export type {
  FakeCheckoutSession,
  FakeCustomer,
  FakeInvoice,
  FakePaymentMethod,
  FakePrice,
  FakePriceInput,
  FakeSetupIntent,
  FakeSubscription,
  FakeSubscriptionItem,
} from './stripe/objects.js';

export interface FakeStripeOptions {
  /** The only key the API accepts (`sk_test_…`). */
  secretKey: string;
  /** Signs the webhooks (`whsec_…`). */
  webhookSecret: string;
  prices: FakePriceInput[];
  /** The only key Stripe.js accepts; a `pk_test_…` is made up when left out. */
  publishableKey?: string;
  /** Where webhooks go; `setWebhookUrl` when known only later. */
  webhookUrl?: string;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  /** The API request that caused it, for events that follow an API call. */
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** One delivery of an event: the app's answer (status 0 when it could not be reached or no URL is set). */
export interface FakeDelivery {
  status: number;
  body: string;
  event: FakeEvent;
}

export interface EmitOptions {
  id?: string;
  /** Unix seconds; now by default. */
  created?: number;
  previousAttributes?: Record<string, unknown>;
  /** The API version the event says it was built for; the SDK's by default. */
  apiVersion?: string;
  /** Signs with this instead of the webhook secret (a forged delivery). */
  secret?: string;
  /** The signature's timestamp (unix seconds), now by default: an old one makes a replayed delivery. */
  timestamp?: number;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  status: number;
  /** The form body, decoded (`line_items[0][price]` → `{ line_items: [{ price }] }`). */
  body: Params;
  query: Params;
  /** The Origin header: set on the browser's calls (Stripe.js), absent on the app's. */
  origin: string | null;
}

export interface AddCardOptions {
  /** A key of TEST_CARDS or a card number; visa by default. */
  card?: keyof typeof TEST_CARDS | string;
  expMonth?: number;
  expYear?: number;
  name?: string | null;
  /** Also makes it the customer's `invoice_settings.default_payment_method`. */
  makeDefault?: boolean;
}

/**
 * How the API fails during an outage: Stripe answering `status` in its error shape, a proxy in front of it answering
 * an HTML page, or the connection dropped before any answer.
 */
export type FakeStripeOutage = { status: number; html?: boolean } | 'drop';

export interface FakeStripe {
  /** Base URL, for STRIPE_API_URL (the SDK's host, port and protocol). */
  url: string;
  host: string;
  port: number;
  /** The Stripe.js stand-in, for STRIPE_JS_URL. */
  jsUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** A Stripe SDK client for the fake (the options the app uses). */
  client(): Stripe;
  setWebhookUrl(url: string | null): void;
  /** Sends one event now, whatever `deferWebhooks` says. */
  emit(type: string, object: object, options?: EmitOptions): Promise<FakeDelivery>;
  /** Every event made, in order (deferred ones included). */
  events: FakeEvent[];
  /** Every delivery attempt, in order. */
  deliveries: FakeDelivery[];
  /** Delivers a known event again: same id and body, a fresh signature. */
  resend(eventId: string): Promise<FakeDelivery>;
  /** While on, the events of checkout, the helpers and API changes wait for `flushWebhooks`. */
  deferWebhooks(on: boolean): void;
  flushWebhooks(): Promise<FakeDelivery[]>;
  /** Resolves when every delivery under way has been answered. */
  settled(): Promise<void>;
  /** What Pay on the checkout page does; resolves with the success URL once the app has answered the webhooks. */
  completeCheckout(sessionId: string): Promise<string>;
  /** A renewal fails: past_due, invoice open; `invoice.payment_failed`, `customer.subscription.updated`. */
  failPayment(subscriptionId: string): Promise<FakeDelivery[]>;
  /** The open invoice is paid (or a renewal succeeds): active; `invoice.paid`, `customer.subscription.updated`. */
  payInvoice(subscriptionId: string): Promise<FakeDelivery[]>;
  /** The subscription ends now: canceled; `customer.subscription.deleted`. */
  endSubscription(subscriptionId: string): Promise<FakeDelivery[]>;
  /** Attaches a card to the customer without a browser. */
  addCard(customerId: string, options?: AddCardOptions): FakePaymentMethod;
  customers(): FakeCustomer[];
  subscriptions(): FakeSubscription[];
  sessions(): FakeCheckoutSession[];
  invoices(): FakeInvoice[];
  setupIntents(): FakeSetupIntent[];
  /** Newest first, as the API lists them. */
  paymentMethodsOf(customerId: string): FakePaymentMethod[];
  /** Price changes through `subscriptions.update`, with their `proration_behavior`. */
  priceChanges: FakePriceChange[];
  requests: FakeStripeRequest[];
  /** Every API call (`/v1/…`, the browser's included) fails this way until `setOutage(null)`. */
  setOutage(outage: FakeStripeOutage | null): void;
  close(): Promise<void>;
}

type Send = (status: number, text: string, type: string, headers?: Record<string, string>) => void;

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';
const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";
const SCRIPT = readFileSync(join(import.meta.dirname, 'stripe', 'stripe-js.js'), 'utf8');

/** `sk_test_****…abcd`, as Stripe quotes a wrong key. */
const maskKey = (key: string) =>
  key.replace(/^([a-z]+_(?:test_|live_)?)(.+)(.{4})$/, (_m, prefix: string, middle: string, last: string) => {
    return `${prefix}${'*'.repeat(middle.length)}${last}`;
  });

function keyOf(authorization: string | undefined, param: unknown): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (basic) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0];
  if (authorization) return authorization;
  return typeof param === 'string' ? param : null;
}

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const { secretKey, webhookSecret } = options;
  const publishableKey = options.publishableKey ?? `pk_test_${randomAlphanumeric(24)}`;
  let baseUrl = '';
  const store = createStore({ prices: options.prices, checkoutUrl: (id) => `${baseUrl}/checkout/${id}` });
  const requests: FakeStripeRequest[] = [];
  const events: FakeEvent[] = [];
  const deliveries: FakeDelivery[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown; requestId: string }>();
  let webhookUrl = options.webhookUrl ?? null;
  let deferred = false;
  let queue: FakeEvent[] = [];
  let chain: Promise<unknown> = Promise.resolve();
  let outage: FakeStripeOutage | null = null;

  function makeEvent(type: string, object: object, opts: EmitOptions = {}, request?: FakeEvent['request']) {
    const event: FakeEvent = {
      id: opts.id ?? newId('evt'),
      object: 'event',
      api_version: opts.apiVersion ?? Stripe.API_VERSION,
      created: opts.created ?? nowSeconds(),
      data: {
        object: structuredClone(object),
        ...(opts.previousAttributes ? { previous_attributes: structuredClone(opts.previousAttributes) } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: request ?? { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    return event;
  }

  /** Sends after every earlier delivery has been answered, so the app gets events in the order they were made. */
  function deliver(event: FakeEvent, sign: Pick<EmitOptions, 'secret' | 'timestamp'> = {}): Promise<FakeDelivery> {
    const run = async (): Promise<FakeDelivery> => {
      const payload = JSON.stringify(event, null, 2);
      let delivery: FakeDelivery = { status: 0, body: 'No webhook URL: call setWebhookUrl first.', event };
      if (webhookUrl) {
        const signature = Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: sign.secret ?? webhookSecret,
          timestamp: sign.timestamp ?? nowSeconds(),
        });
        try {
          const res = await fetch(webhookUrl, {
            method: 'POST',
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'stripe-signature': signature,
              'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            },
            body: payload,
            signal: AbortSignal.timeout(30_000),
          });
          delivery = { status: res.status, body: await res.text(), event };
        } catch (error) {
          delivery = { status: 0, body: error instanceof Error ? error.message : String(error), event };
        }
      }
      deliveries.push(delivery);
      return delivery;
    };
    const result = chain.then(run);
    chain = result.catch(() => undefined);
    return result;
  }

  /** The events a change calls for: delivered in order, or queued while deferred. */
  function publish(pending: PendingEvent[], request?: FakeEvent['request']): Promise<FakeDelivery[]> {
    const made = pending.map(({ type, object, previous }) =>
      makeEvent(type, object, { previousAttributes: previous }, request),
    );
    if (deferred) {
      queue.push(...made);
      return Promise.resolve([]);
    }
    return Promise.all(made.map((event) => deliver(event)));
  }

  async function completeCheckout(id: string): Promise<string> {
    const { session, subscription, invoice } = store.completeSession(id);
    await publish([
      { type: 'checkout.session.completed', object: session },
      { type: 'customer.subscription.created', object: subscription },
      { type: 'invoice.paid', object: invoice },
    ]);
    return successUrl(session);
  }

  function api(req: IncomingMessage, method: string, path: string, params: Params, raw: string, send: Send): void {
    const requestId = `req_${randomAlphanumeric(14)}`;
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
      send(status, JSON.stringify(value, null, 2), JSON_TYPE, {
        'request-id': requestId,
        'stripe-version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION),
        ...headers,
      });
    const fail = (status: number, error: StripeErrorBody) => json(status, { error });
    const key = keyOf(req.headers.authorization, params.key);
    if (!key) return fail(401, { type: 'invalid_request_error', message: NO_KEY });
    const kind: KeyKind | null = key === secretKey ? 'secret' : key === publishableKey ? 'publishable' : null;
    if (!kind)
      return fail(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${maskKey(key)}` });

    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const fingerprint = `${method} ${path} ${raw}`;
    const saved = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (saved && saved.fingerprint !== fingerprint) {
      return fail(400, {
        type: 'idempotency_error',
        message:
          'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
          `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      });
    }
    if (saved)
      return json(saved.status, saved.body, { 'idempotent-replayed': 'true', 'original-request': saved.requestId });
    try {
      const { body, events: pending } = store.handle({ method, path, params, key: kind });
      json(200, body);
      if (idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, status: 200, body, requestId });
      if (pending?.length) void publish(pending, { id: requestId, idempotency_key: idempotencyKey ?? null });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      fail(error.status, error.error);
    }
  }

  async function checkout(id: string, method: string, send: Send): Promise<void> {
    const session = store.sessions.get(id);
    if (!session) return send(404, notFoundPage(), HTML_TYPE);
    if (method === 'POST') {
      const target = session.status === 'open' ? await completeCheckout(id) : successUrl(session);
      return send(303, '', 'text/plain; charset=utf-8', { location: target });
    }
    if (method !== 'GET') return send(405, 'Method Not Allowed', 'text/plain; charset=utf-8', { allow: 'GET, POST' });
    const details = store.sessionDetails.get(id)!;
    const email = session.customer ? (store.customers.get(session.customer)?.email ?? null) : session.customer_email;
    const price = store.prices.get(details.price)!;
    send(200, checkoutPage(session, price, details.quantity, details.trialDays, email), HTML_TYPE);
  }

  async function route(req: IncomingMessage, send: Send): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stripe.test');
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const body = method === 'POST' ? parseForm(raw) : {};
    const query = parseForm(url.search.slice(1));
    const entry: FakeStripeRequest = {
      method,
      path: url.pathname,
      status: 0,
      body,
      query,
      origin: req.headers.origin ?? null,
    };
    requests.push(entry);
    const record: Send = (status, text, type, headers) => {
      entry.status = status;
      send(status, text, type, headers);
    };
    if (method === 'OPTIONS') {
      return record(204, '', 'text/plain', {
        'access-control-allow-methods': 'GET, POST, DELETE',
        'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
        'access-control-max-age': '600',
      });
    }
    if ((url.pathname === '/js/v3/' || url.pathname === '/js/v3') && method === 'GET') {
      const config = JSON.stringify({ apiUrl: baseUrl, publishableKey });
      const script = `(function () {\nconst FAKE_STRIPE = ${config};\n${SCRIPT}\n})();\n`;
      return record(200, script, 'application/javascript; charset=utf-8', { 'cache-control': 'no-store' });
    }
    const page = /^\/checkout\/([^/]+)$/.exec(url.pathname);
    if (page) return checkout(decodeURIComponent(page[1]), method, record);
    if (url.pathname.startsWith('/v1/') && outage) {
      if (outage === 'drop') return void req.socket.destroy();
      return outage.html
        ? record(outage.status, '<html><body><h1>Bad Gateway</h1></body></html>', HTML_TYPE)
        : record(
            outage.status,
            JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred.' } }),
            JSON_TYPE,
          );
    }
    if (url.pathname.startsWith('/v1/')) return api(req, method, url.pathname, { ...query, ...body }, raw, record);
    record(404, 'Not Found', 'text/plain; charset=utf-8');
  }

  const server: Server = createServer((req, res) => {
    const send: Send = (status, text, type, headers = {}) => {
      res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*', ...headers }).end(text);
    };
    route(req, send).catch((error: unknown) => {
      if (res.headersSent) return;
      const message = error instanceof Error ? error.message : String(error);
      send(500, JSON.stringify({ error: { type: 'api_error', message } }), JSON_TYPE);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  let client: Stripe | undefined;

  const copies = <T>(items: Iterable<T>): T[] => [...items].map((item) => structuredClone(item));

  return {
    url: baseUrl,
    host: '127.0.0.1',
    port,
    jsUrl: `${baseUrl}/js/v3/`,
    secretKey,
    publishableKey,
    webhookSecret,
    client: () =>
      (client ??= new Stripe(secretKey, {
        host: '127.0.0.1',
        port,
        protocol: 'http',
        maxNetworkRetries: 0,
        telemetry: false,
      })),
    setWebhookUrl: (url) => void (webhookUrl = url),
    emit: (type, object, opts = {}) => deliver(makeEvent(type, object, opts), opts),
    events,
    deliveries,
    resend(eventId) {
      const event = events.find((known) => known.id === eventId);
      if (!event) throw new Error(`No event ${eventId} was sent`);
      return deliver(event);
    },
    deferWebhooks: (on) => void (deferred = on),
    flushWebhooks() {
      const waiting = queue;
      queue = [];
      return Promise.all(waiting.map((event) => deliver(event)));
    },
    settled: () => chain.then(() => undefined),
    completeCheckout,
    failPayment(id) {
      const { invoice, subscription, previous } = store.failPayment(id);
      return publish([
        { type: 'invoice.payment_failed', object: invoice },
        { type: 'customer.subscription.updated', object: subscription, previous },
      ]);
    },
    payInvoice(id) {
      const { invoice, subscription, previous } = store.payInvoice(id);
      return publish([
        { type: 'invoice.paid', object: invoice },
        { type: 'customer.subscription.updated', object: subscription, previous },
      ]);
    },
    endSubscription(id) {
      const { subscription } = store.endSubscription(id);
      return publish([{ type: 'customer.subscription.deleted', object: subscription }]);
    },
    addCard(customerId, opts = {}) {
      const customer = store.customers.get(customerId);
      if (!customer) throw new Error(`Unknown customer ${customerId}`);
      const card = opts.card ?? 'visa';
      const number = card in TEST_CARDS ? TEST_CARDS[card as keyof typeof TEST_CARDS] : card.replace(/\D/g, '');
      const expYear = opts.expYear ?? new Date().getUTCFullYear() + 3;
      const pm = store.createCard({ number, expMonth: opts.expMonth ?? 12, expYear }, opts.name ?? customer.name, null);
      store.attach(pm, customerId);
      if (opts.makeDefault) customer.invoice_settings.default_payment_method = pm.id;
      return structuredClone(pm);
    },
    customers: () => copies(store.customers.values()),
    subscriptions: () => copies(store.subscriptions.values()),
    sessions: () => copies(store.sessions.values()),
    invoices: () => copies(store.invoices.values()),
    setupIntents: () => copies(store.setupIntents.values()),
    paymentMethodsOf: (customerId) => copies(store.paymentMethodsOf(customerId)),
    priceChanges: store.priceChanges,
    requests,
    setOutage: (next) => void (outage = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
