import { z } from 'zod';
import { SHOPIFY_SESSION_ATTRIBUTE } from '../../../shared/shopify.js';
import { toMinorUnits } from '../../common/money.js';
import type { PlatformOrder } from '../../orders/orders.repository.js';
import { date, id, languageOf, text } from '../payload-fields.js';
import type { PlatformProduct } from '../../products/products.repository.js';
import type { StoreDetails } from '../store-connections.repository.js';
import type { TProductNode, TShopInfo } from './shopify.graphql.js';

// Shopify's shapes (Admin GraphQL answers, REST webhook payloads: EXTERNAL_APIS §1.2) in our terms. Payloads are
// read leniently: fields we do not use may be anything, the ones we use are checked.

const SESSION = /^[A-Za-z0-9_-]{8,64}$/;

export function detailsFromShopInfo(info: TShopInfo): StoreDetails {
  const primary = info.shopLocales.find((locale) => locale.primary)?.locale;
  return {
    storeName: info.shop.name,
    storeDomain: info.shop.primaryDomain?.host ?? null,
    currency: info.shop.currencyCode ?? null,
    timezone: info.shop.ianaTimezone ?? null,
    language: languageOf(primary),
  };
}

const ZShopPayload = z.object({
  name: z.string(),
  domain: text,
  currency: text,
  iana_timezone: text,
  primary_locale: text,
});

export function detailsFromShopPayload(payload: unknown): StoreDetails {
  const shop = ZShopPayload.parse(payload);
  return {
    storeName: shop.name,
    storeDomain: shop.domain ?? null,
    currency: shop.currency ?? null,
    timezone: shop.iana_timezone ?? null,
    language: languageOf(shop.primary_locale),
  };
}

function productUrl(storefront: string | null, handle: string): string | null {
  return storefront && handle ? `https://${storefront}/products/${encodeURIComponent(handle)}` : null;
}

export function productFromNode(
  node: TProductNode,
  currency: string | null,
  storefront: string | null,
): PlatformProduct {
  const variant = node.variants.nodes[0];
  return {
    externalId: node.legacyResourceId,
    name: node.title,
    sku: variant?.sku || null,
    imageUrl: node.featuredMedia?.preview?.image?.url ?? null,
    priceAmount: toMinorUnits(variant?.price, currency),
    currency,
    url: node.onlineStoreUrl ?? productUrl(storefront, node.handle),
    archived: node.status === 'ARCHIVED',
  };
}

const ZProductPayload = z.object({
  id,
  title: z.string(),
  handle: z.string().default(''),
  status: text,
  variants: z.array(z.object({ sku: text, price: z.union([z.string(), z.number()]).nullish() })).default([]),
  image: z.object({ src: z.string() }).nullish(),
  images: z.array(z.object({ src: z.string() })).default([]),
});

export function productFromPayload(
  payload: unknown,
  currency: string | null,
  storefront: string | null,
): PlatformProduct {
  const product = ZProductPayload.parse(payload);
  const variant = product.variants[0];
  return {
    externalId: product.id,
    name: product.title,
    sku: variant?.sku || null,
    imageUrl: product.image?.src ?? product.images[0]?.src ?? null,
    priceAmount: toMinorUnits(variant?.price ?? null, currency),
    currency,
    url: productUrl(storefront, product.handle),
    archived: product.status === 'archived',
  };
}

export const ZDeletedProduct = z.object({ id });

export const ZAppSubscriptionPayload = z.object({
  app_subscription: z.object({ admin_graphql_api_id: z.string().max(200), updated_at: text }),
});

const ZOrderPayload = z.object({
  id,
  name: z.string().default(''),
  email: text,
  created_at: z.string(),
  updated_at: text,
  currency: text,
  total_price: z.union([z.string(), z.number()]).nullish(),
  fulfillment_status: text,
  financial_status: text,
  processed_at: text,
  cancelled_at: text,
  customer_locale: text,
  billing_address: z.object({ first_name: text, last_name: text }).nullish(),
  note_attributes: z.array(z.object({ name: z.string(), value: z.unknown() })).default([]),
  customer: z.object({ id: id.nullish(), email: text, first_name: text, last_name: text }).nullish(),
  line_items: z
    .array(
      z.object({
        product_id: id.nullish(),
        title: z.string().default(''),
        quantity: z.number().int().default(1),
        sku: text,
        price: z.union([z.string(), z.number()]).nullish(),
      }),
    )
    .default([]),
});

/** Financial statuses of an order paid for (in part refunded still counts); `refunded` and `voided` cancel it. */
const PAID = new Set(['paid', 'partially_paid', 'partially_refunded']);
const UNDONE = new Set(['refunded', 'voided']);

export function orderFromPayload(payload: unknown): PlatformOrder {
  const order = ZOrderPayload.parse(payload);
  const currency = order.currency ?? null;
  const session = order.note_attributes.find((attribute) => attribute.name === SHOPIFY_SESSION_ATTRIBUTE)?.value;
  const orderedAt = date(order.created_at) ?? new Date();
  const changedAt = date(order.updated_at) ?? new Date();
  const buyer = order.customer ?? order.billing_address;
  return {
    externalId: order.id,
    name: order.name,
    customerEmail: order.email || order.customer?.email || '',
    customerExternalId: order.customer?.id ?? null,
    sessionId: typeof session === 'string' && SESSION.test(session) ? session : null,
    currency,
    totalAmount: toMinorUnits(order.total_price ?? null, currency),
    orderedAt,
    fulfilledAt: order.fulfillment_status === 'fulfilled' ? changedAt : null,
    paidAt: PAID.has(order.financial_status ?? '') ? (date(order.processed_at) ?? orderedAt) : null,
    cancelledAt: date(order.cancelled_at) ?? (UNDONE.has(order.financial_status ?? '') ? changedAt : null),
    customerName: [buyer?.first_name, buyer?.last_name].filter(Boolean).join(' '),
    customerLocale: order.customer_locale ?? null,
    // Custom line items (no product) cannot be reviewed: left out.
    items: order.line_items
      .filter((item) => item.product_id)
      .map((item) => ({
        productExternalId: item.product_id as string,
        title: item.title,
        sku: item.sku || null,
        quantity: item.quantity,
        priceAmount: toMinorUnits(item.price ?? null, currency),
      })),
  };
}

/** Whether the live theme's settings have this app's embed block switched on. */
export function embedEnabled(settingsData: string, handle: string): boolean {
  const json = settingsData.replace(/^\s*\/\*[\s\S]*?\*\//, '');
  const settings = JSON.parse(json) as { current?: unknown; presets?: Record<string, unknown> };
  const current = typeof settings.current === 'string' ? settings.presets?.[settings.current] : settings.current;
  const blocks = (current as { blocks?: Record<string, { type?: unknown; disabled?: unknown }> } | undefined)?.blocks;
  return Object.values(blocks ?? {}).some(
    (block) => typeof block.type === 'string' && block.type.includes(`/blocks/${handle}/`) && block.disabled !== true,
  );
}
