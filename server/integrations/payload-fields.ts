import { z } from 'zod';
import { isLanguage, type TLanguage } from '../../shared/constants.js';
import type { CustomerRef } from '../orders/orders.repository.js';

// Field readers every platform's payloads share. Payloads are read leniently: fields we do not use may be anything,
// the ones we use are checked.

/** Platforms send ids as numbers or strings; we keep strings. */
export const id = z.union([z.number(), z.string()]).transform(String);
export const text = z.string().nullish();

/** Our interface language from a platform locale (`pt-BR` → pt); null for one we do not speak. */
export function languageOf(locale: string | null | undefined): TLanguage | null {
  const code = locale?.slice(0, 2).toLowerCase();
  return isLanguage(code) ? code : null;
}

export function date(value: string | null | undefined): Date | null {
  const parsed = value ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
}

/** Shopify's privacy topics and Tienda Nube's LGPD ones share this shape (EXTERNAL_APIS §1.2, §3.3). */
const ZCustomerPayload = z.object({
  customer: z.object({ id: id.nullish(), email: text }).nullish(),
  orders_to_redact: z.array(id).default([]),
  orders_requested: z.array(id).default([]),
  data_request: z.object({ id }).nullish(),
});

export function customerFromPayload(payload: unknown): { customer: CustomerRef; requestId: string | null } {
  const body = ZCustomerPayload.parse(payload);
  return {
    customer: {
      email: body.customer?.email?.trim().toLowerCase() || null,
      externalId: body.customer?.id ?? null,
      orderExternalIds: [...body.orders_to_redact, ...body.orders_requested],
    },
    requestId: body.data_request?.id ?? null,
  };
}
