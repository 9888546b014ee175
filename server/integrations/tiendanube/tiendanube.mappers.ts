import { z } from 'zod';
import type { TLanguage } from '../../../shared/constants.js';
import { toMinorUnits } from '../../common/money.js';
import type { PlatformOrder } from '../../orders/orders.repository.js';
import type { PlatformProduct } from '../../products/products.repository.js';
import { date, id, languageOf, text } from '../payload-fields.js';
import type { StoreDetails } from '../store-connections.repository.js';

// Tienda Nube's shapes (REST answers and webhook bodies: EXTERNAL_APIS §3) in our terms. Names are multilingual
// objects ({"es": …, "pt": …}); the store's main language picks the one we keep.

const amount = z.union([z.string(), z.number()]).nullish();
const multilingual = z.union([z.string(), z.record(z.string(), z.string().nullish())]).nullish();

/** The store's own language first, then any other one it has. */
export function pick(value: z.infer<typeof multilingual>, language: string | null): string {
  if (!value) return '';
  if (typeof value === 'string') return value;
  return (language && value[language]) || Object.values(value).find((item) => item) || '';
}

export const ZStore = z.object({
  id,
  name: multilingual,
  original_domain: text,
  url_with_protocol: text,
  main_language: text,
  main_currency: text,
  country: text,
});
export type TStore = z.infer<typeof ZStore>;

/**
 * Tienda Nube reports no time zone: the country's main one stands in (the stores are mostly Latin American), and
 * none for a country not listed here (the merchant's setting stays).
 */
const ZONES: Record<string, string> = {
  AR: 'America/Argentina/Buenos_Aires',
  BR: 'America/Sao_Paulo',
  MX: 'America/Mexico_City',
  CO: 'America/Bogota',
  CL: 'America/Santiago',
  PE: 'America/Lima',
  UY: 'America/Montevideo',
};

export function detailsFromStore(store: TStore): StoreDetails {
  const language: TLanguage | null = languageOf(store.main_language);
  return {
    storeName: pick(store.name, store.main_language ?? null) || `Tienda ${store.id}`,
    storeDomain: hostOf(store.url_with_protocol) ?? store.original_domain ?? null,
    currency: store.main_currency ?? null,
    timezone: ZONES[store.country?.toUpperCase() ?? ''] ?? null,
    language,
  };
}

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

export const ZProduct = z.object({
  id,
  name: multilingual,
  canonical_url: text,
  published: z.boolean().nullish(),
  variants: z.array(z.object({ sku: text, price: amount })).default([]),
  images: z.array(z.object({ src: text })).default([]),
});
export const ZProducts = z.array(ZProduct);

export function productFromApi(
  product: z.infer<typeof ZProduct>,
  language: string | null,
  currency: string | null,
): PlatformProduct {
  const variant = product.variants[0];
  return {
    externalId: product.id,
    name: pick(product.name, language) || `#${product.id}`,
    sku: variant?.sku || null,
    imageUrl: product.images[0]?.src ?? null,
    priceAmount: toMinorUnits(variant?.price ?? null, currency),
    currency,
    url: product.canonical_url ?? null,
    archived: false,
  };
}

export const ZOrder = z.object({
  id,
  number: id.nullish(),
  contact_email: text,
  customer: z.object({ id: id.nullish(), email: text, name: text }).nullish(),
  contact_name: text,
  language: text,
  products: z
    .array(z.object({ product_id: id.nullish(), name: text, sku: text, quantity: z.coerce.number(), price: amount }))
    .default([]),
  currency: text,
  total: amount,
  created_at: text,
  updated_at: text,
  paid_at: text,
  shipped_at: text,
  cancelled_at: text,
  payment_status: text,
  shipping_status: text,
  status: text,
});

/** Tienda Nube's dates come as `2026-11-20T14:00:00+0000`, which JavaScript reads once the offset has its colon. */
function tnDate(value: string | null | undefined): Date | null {
  return date(value?.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

/** Payment statuses that undo a sale. */
const UNDONE = new Set(['refunded', 'voided']);

function isSale(order: z.infer<typeof ZOrder>): boolean {
  return order.status !== 'cancelled';
}

export function orderFromApi(order: z.infer<typeof ZOrder>): PlatformOrder {
  const currency = order.currency ?? null;
  const changedAt = tnDate(order.updated_at) ?? new Date();
  const undone = !isSale(order) || UNDONE.has(order.payment_status ?? '');
  return {
    externalId: order.id,
    name: `#${order.number ?? order.id}`,
    customerEmail: order.contact_email || order.customer?.email || '',
    customerExternalId: order.customer?.id ?? null,
    sessionId: null,
    currency,
    totalAmount: toMinorUnits(order.total ?? null, currency),
    orderedAt: tnDate(order.created_at) ?? new Date(),
    fulfilledAt:
      order.shipping_status === 'fulfilled' || order.shipping_status === 'shipped'
        ? (tnDate(order.shipped_at) ?? changedAt)
        : null,
    paidAt: order.payment_status === 'paid' ? (tnDate(order.paid_at) ?? changedAt) : null,
    cancelledAt: undone ? (tnDate(order.cancelled_at) ?? changedAt) : null,
    customerName: order.customer?.name ?? order.contact_name ?? '',
    customerLocale: order.language ?? null,
    items: order.products
      .filter((line) => line.product_id)
      .map((line) => ({
        productExternalId: line.product_id as string,
        title: line.name ?? '',
        sku: line.sku || null,
        quantity: line.quantity,
        priceAmount: toMinorUnits(line.price ?? null, currency),
      })),
  };
}

/** A webhook body (EXTERNAL_APIS §3.3): `{store_id, event, id}`, and the LGPD topics' own fields. */
export const ZWebhookBody = z
  .object({
    store_id: id,
    event: z
      .string()
      .regex(/^[a-z_]+\/[a-z_]+$/)
      .optional(),
    id: id.nullish(),
  })
  .loose();
