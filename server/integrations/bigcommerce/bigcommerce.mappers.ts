import { z } from 'zod';
import { toMinorUnits } from '../../common/money.js';
import type { PlatformOrder } from '../../orders/orders.repository.js';
import type { PlatformProduct } from '../../products/products.repository.js';
import { date, id, languageOf, text } from '../payload-fields.js';
import type { StoreDetails } from '../store-connections.repository.js';

// BigCommerce's shapes (Store API answers and webhook bodies: EXTERNAL_APIS §2) in our terms.

const amount = z.union([z.string(), z.number()]).nullish();

export const ZStoreInfo = z.object({
  id: id.nullish(),
  name: z.string(),
  domain: text,
  secure_url: text,
  language: text,
  currency: text,
  timezone: z.object({ name: text }).nullish(),
});
export type TStoreInfo = z.infer<typeof ZStoreInfo>;

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

export function detailsFromStore(store: TStoreInfo): StoreDetails {
  return {
    storeName: store.name,
    storeDomain: hostOf(store.secure_url) ?? store.domain ?? null,
    currency: store.currency ?? null,
    timezone: store.timezone?.name ?? null,
    language: languageOf(store.language),
  };
}

/** The storefront's address (https), for product links. */
export function storefrontOf(store: TStoreInfo): string | null {
  return store.secure_url ?? (store.domain ? `https://${store.domain}` : null);
}

export const ZProduct = z.object({
  id,
  name: z.string(),
  sku: text,
  price: amount,
  is_visible: z.boolean().nullish(),
  images: z
    .array(z.object({ url_standard: text, url_thumbnail: text, is_thumbnail: z.boolean().nullish() }))
    .default([]),
  variants: z.array(z.object({ sku: text, price: amount })).default([]),
  custom_url: z.object({ url: text }).nullish(),
});
export const ZProductPage = z.object({
  data: z.array(ZProduct),
  meta: z.object({ pagination: z.object({ current_page: z.number(), total_pages: z.number() }) }),
});

export function productFromApi(
  product: z.infer<typeof ZProduct>,
  currency: string | null,
  storefront: string | null,
): PlatformProduct {
  const image = product.images.find((item) => item.is_thumbnail) ?? product.images[0];
  const path = product.custom_url?.url;
  return {
    externalId: product.id,
    name: product.name,
    sku: product.sku || product.variants[0]?.sku || null,
    imageUrl: image?.url_standard ?? image?.url_thumbnail ?? null,
    priceAmount: toMinorUnits(product.price ?? product.variants[0]?.price ?? null, currency),
    currency,
    url: storefront && path ? new URL(path, storefront).href : null,
    archived: false,
  };
}

export const ZOrder = z.object({
  id,
  customer_id: id.nullish(),
  date_created: text,
  date_modified: text,
  status: text,
  currency_code: text,
  total_inc_tax: amount,
  customer_locale: text,
  billing_address: z.object({ email: text, first_name: text, last_name: text }).nullish(),
});
export const ZOrderProducts = z.array(
  z.object({
    product_id: id.nullish(),
    name: z.string().default(''),
    sku: text,
    quantity: z.number(),
    base_price: amount,
  }),
);

/** BigCommerce's order statuses that mean the sale happened (not incomplete, cancelled, declined or refunded). */
const SOLD = new Set([
  'Pending',
  'Shipped',
  'Partially Shipped',
  'Awaiting Payment',
  'Awaiting Pickup',
  'Awaiting Shipment',
  'Completed',
  'Awaiting Fulfillment',
  'Manual Verification Required',
]);

/** Statuses that undo a sale: a review request it started and not yet sent is cancelled. */
const UNDONE = new Set(['Cancelled', 'Refunded', 'Declined']);
/** Sold but not yet paid for. */
const UNPAID = new Set(['Pending', 'Awaiting Payment']);

export function isSale(order: z.infer<typeof ZOrder>): boolean {
  return SOLD.has(order.status ?? '');
}

/** A sale, or one undone: both are recorded (the second only cancels what the order started). */
export function isOrderNews(order: z.infer<typeof ZOrder>): boolean {
  return isSale(order) || UNDONE.has(order.status ?? '');
}

export function orderFromApi(order: z.infer<typeof ZOrder>, lines: z.infer<typeof ZOrderProducts>): PlatformOrder {
  const currency = order.currency_code ?? null;
  const shipped = order.status === 'Shipped' || order.status === 'Completed';
  const changedAt = date(order.date_modified) ?? new Date();
  const buyer = order.billing_address;
  return {
    externalId: order.id,
    name: `#${order.id}`,
    customerEmail: order.billing_address?.email ?? '',
    // 0 is BigCommerce's guest checkout.
    customerExternalId: order.customer_id && order.customer_id !== '0' ? order.customer_id : null,
    sessionId: null,
    currency,
    totalAmount: toMinorUnits(order.total_inc_tax ?? null, currency),
    orderedAt: date(order.date_created) ?? new Date(),
    fulfilledAt: shipped ? changedAt : null,
    paidAt: isSale(order) && !UNPAID.has(order.status ?? '') ? changedAt : null,
    cancelledAt: UNDONE.has(order.status ?? '') ? changedAt : null,
    customerName: [buyer?.first_name, buyer?.last_name].filter(Boolean).join(' '),
    customerLocale: order.customer_locale ?? null,
    items: lines
      .filter((line) => line.product_id && line.product_id !== '0')
      .map((line) => ({
        productExternalId: line.product_id as string,
        title: line.name,
        sku: line.sku || null,
        quantity: line.quantity,
        priceAmount: toMinorUnits(line.base_price ?? null, currency),
      })),
  };
}

/** A webhook body (EXTERNAL_APIS §2.5): what happened to which resource, in which store. */
export const ZWebhookBody = z.object({
  scope: z.string().regex(/^store\/[a-zA-Z_/]+$/),
  data: z.object({ type: text, id: id.nullish() }).nullish(),
  hash: text,
  created_at: z.number().nullish(),
  producer: z.string().regex(/^stores\/[a-z0-9]+$/i),
});
