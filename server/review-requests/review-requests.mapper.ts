import type { TReviewRequest, TRequestSkipReason, TSuppression } from '../../shared/review-requests.js';
import type { SuppressionRow } from './mail-suppressions.repository.js';
import type { RequestWithProducts } from './review-requests.repository.js';

/** j***@example.com: the dashboard never lists a buyer's whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email ? '***' : '';
  return `${email[0]}***${email.slice(at)}`;
}

export function mapRequest(row: RequestWithProducts): TReviewRequest {
  return {
    id: row.id,
    order_id: row.orderExternalId,
    order_name: row.orderName,
    email_masked: maskEmail(row.customerEmail),
    customer_name: row.customerName,
    locale: row.locale,
    source: row.source,
    status: row.status,
    skip_reason: (row.skipReason as TRequestSkipReason | null) ?? null,
    products: row.products.map((product) => ({
      id: product.productExternalId,
      name: product.name,
      image_url: product.imageUrl,
      reviewed: product.reviewedAt !== null,
    })),
    scheduled_for: row.sendAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
    opened_at: row.openedAt?.toISOString() ?? null,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    reminders_sent: Math.max(0, row.stepsSent - 1),
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  };
}

export function mapSuppression(row: SuppressionRow): TSuppression {
  return {
    id: row.id,
    email: row.email,
    reason: row.reason,
    detail: row.detail,
    created_at: row.createdAt.toISOString(),
  };
}
