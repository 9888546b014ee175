import { createHash, createHmac } from 'node:crypto';

// What the fake Shopify signs and sends: shop details, query signatures, and webhook payloads in their REST shapes.

export interface FakeShop {
  /** The myshopify domain, e.g. `my-shop.myshopify.com`. */
  domain: string;
  name: string;
  email: string;
  currency: string;
  timezone: string;
  locale: string;
  /** Host of the storefront's primary domain. */
  primaryDomain: string;
}

export interface FakeProduct {
  /** Numeric, as a string (the GraphQL `legacyResourceId`). */
  id: string;
  title: string;
  handle: string;
  sku?: string | null;
  /** Decimal string like "49.00"; "0.00" when left out. */
  price?: string | null;
  image?: string | null;
  /** ACTIVE (default), DRAFT or ARCHIVED. */
  status?: string;
}

export function shopWithDefaults(shop: Partial<FakeShop> & { domain: string }): FakeShop {
  const handle = shop.domain.replace(/\.myshopify\.com$/, '');
  return {
    domain: shop.domain,
    name:
      shop.name ??
      handle.replace(/(^|-)(\w)/g, (_match, dash: string, c: string) => `${dash && ' '}${c.toUpperCase()}`),
    email: shop.email ?? `owner@${handle}.example`,
    currency: shop.currency ?? 'USD',
    timezone: shop.timezone ?? 'America/New_York',
    locale: shop.locale ?? 'en',
    primaryDomain: shop.primaryDomain ?? shop.domain,
  };
}

/** The shop's numeric id, derived from its domain so that GraphQL gids and webhook payloads agree. */
export function shopIdOf(domain: string): number {
  return parseInt(createHash('sha256').update(domain).digest('hex').slice(0, 8), 16) + 1;
}

/** The `host` query parameter: base64url of the shop's admin URL without scheme. */
export function hostParam(domain: string): string {
  return Buffer.from(`admin.shopify.com/store/${domain.replace(/\.myshopify\.com$/, '')}`).toString('base64url');
}

/** `params` plus their `hmac`, keys sorted as Shopify sends them. */
export function signParams(params: Record<string, string>, secret: string): Record<string, string> {
  const entries = Object.entries(params)
    .filter(([key]) => key !== 'hmac' && key !== 'signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const message = new URLSearchParams(entries).toString();
  const hmac = createHmac('sha256', secret).update(message).digest('hex');
  return Object.fromEntries(Object.entries({ ...params, hmac }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function bodyHmac(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

export interface OrderLineInput {
  /** Null for a custom line item. */
  productId: number | string | null;
  title: string;
  quantity?: number;
  price?: string;
  sku?: string | null;
}

export interface OrderInput {
  id: number | string;
  email: string | null;
  /** Null for a guest checkout. */
  customerId: number | string | null;
  firstName?: string;
  lastName?: string;
  lineItems: OrderLineInput[];
  noteAttributes?: Array<{ name: string; value: string }>;
  /** Null (unfulfilled, the default), `partial` or `fulfilled`. */
  fulfillmentStatus?: string | null;
  createdAt?: string;
  currency?: string;
  /** 1001, 1002… in call order by default. */
  orderNumber?: number;
}

let lastOrderNumber = 1000;

/** An `orders/create` or `orders/fulfilled` body (REST Order). */
export function orderPayload(order: OrderInput) {
  const id = Number(order.id);
  const orderNumber = order.orderNumber ?? ++lastOrderNumber;
  const createdAt = order.createdAt ?? new Date().toISOString();
  const lineItems = order.lineItems.map((line, i) => {
    const productId = line.productId === null ? null : Number(line.productId);
    return {
      id: id * 100 + i + 1,
      product_id: productId,
      variant_id: productId === null ? null : productId * 10 + 1,
      title: line.title,
      quantity: line.quantity ?? 1,
      sku: line.sku ?? null,
      price: line.price ?? '25.00',
    };
  });
  const total = lineItems.reduce((sum, line) => sum + Number(line.price) * line.quantity, 0);
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${orderNumber}`,
    order_number: orderNumber,
    email: order.email,
    created_at: createdAt,
    updated_at: createdAt,
    currency: order.currency ?? 'USD',
    total_price: total.toFixed(2),
    financial_status: 'paid',
    fulfillment_status: order.fulfillmentStatus ?? null,
    note_attributes: order.noteAttributes ?? [],
    customer:
      order.customerId === null
        ? null
        : {
            id: Number(order.customerId),
            email: order.email,
            first_name: order.firstName ?? 'Alex',
            last_name: order.lastName ?? 'Rivera',
          },
    line_items: lineItems,
  };
}

/** A `products/create` or `products/update` body (REST Product). */
export function productPayload(product: FakeProduct) {
  const id = Number(product.id);
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Product/${id}`,
    title: product.title,
    handle: product.handle,
    status: (product.status ?? 'ACTIVE').toLowerCase(),
    variants: [
      {
        id: id * 10 + 1,
        product_id: id,
        sku: product.sku ?? null,
        price: product.price === undefined ? '0.00' : product.price,
      },
    ],
    image: product.image ? { src: product.image } : null,
  };
}

/** A `shop/update` or `app/uninstalled` body (REST Shop). */
export function shopPayload(input: Partial<FakeShop> & { domain: string }) {
  const shop = shopWithDefaults(input);
  return {
    id: shopIdOf(shop.domain),
    name: shop.name,
    email: shop.email,
    domain: shop.primaryDomain,
    myshopify_domain: shop.domain,
    currency: shop.currency,
    iana_timezone: shop.timezone,
    primary_locale: shop.locale,
  };
}

export interface PrivacyCustomerInput {
  domain: string;
  customerId: number | string;
  email: string | null;
  phone?: string | null;
  /** Order ids. */
  orders?: number[];
}

export function customersDataRequestPayload(input: PrivacyCustomerInput & { dataRequestId?: number }) {
  return {
    shop_id: shopIdOf(input.domain),
    shop_domain: input.domain,
    orders_requested: input.orders ?? [],
    customer: { id: Number(input.customerId), email: input.email, phone: input.phone ?? null },
    data_request: { id: input.dataRequestId ?? 9999 },
  };
}

export function customersRedactPayload(input: PrivacyCustomerInput) {
  return {
    shop_id: shopIdOf(input.domain),
    shop_domain: input.domain,
    customer: { id: Number(input.customerId), email: input.email, phone: input.phone ?? null },
    orders_to_redact: input.orders ?? [],
  };
}

export function shopRedactPayload(domain: string) {
  return { shop_id: shopIdOf(domain), shop_domain: domain };
}
