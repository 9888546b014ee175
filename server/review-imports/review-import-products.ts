import type { TImportProductRef, TImportRowResult } from '../../shared/review-imports.js';
import type { CatalogueProduct } from './review-imports.repository.js';

/** What a batch of rows names, to look up in the catalogue at once. */
export function productRefsOf(results: readonly TImportRowResult[]): {
  ids: string[];
  handles: string[];
  skus: string[];
} {
  const ids = new Set<string>();
  const handles = new Set<string>();
  const skus = new Set<string>();
  for (const result of results) {
    if (!result.ok) continue;
    const { id, handle, sku } = result.review.productRef;
    if (id) ids.add(id);
    // Product links hold the handle as the platform wrote it: encoded, or not.
    if (handle) handles.add(handle).add(encodeURIComponent(handle));
    if (sku) skus.add(sku);
  }
  return { ids: [...ids], handles: [...handles], skus: [...skus] };
}

function decoded(handle: string): string {
  try {
    return decodeURIComponent(handle);
  } catch {
    return handle;
  }
}

/** Finds a row's product among `catalogue`: by the platform's product id, then by handle, then by SKU. */
export function productMatcher(catalogue: readonly CatalogueProduct[]) {
  const byId = new Map<string, CatalogueProduct>();
  const byHandle = new Map<string, CatalogueProduct>();
  const bySku = new Map<string, CatalogueProduct>();
  for (const product of catalogue) {
    if (!byId.has(product.externalId)) byId.set(product.externalId, product);
    if (product.handle && !byHandle.has(decoded(product.handle))) byHandle.set(decoded(product.handle), product);
    if (product.sku && !bySku.has(product.sku)) bySku.set(product.sku, product);
  }
  return (ref: TImportProductRef): CatalogueProduct | null =>
    (ref.id && byId.get(ref.id)) || (ref.handle && byHandle.get(ref.handle)) || (ref.sku && bySku.get(ref.sku)) || null;
}

/** How the row names its product, for the preview: "id 123", "handle glow-serum", "SKU A-1". */
export function describeRef(ref: TImportProductRef): string {
  if (ref.id) return `id ${ref.id}`;
  if (ref.handle) return `handle ${ref.handle}`;
  if (ref.sku) return `SKU ${ref.sku}`;
  return '';
}
