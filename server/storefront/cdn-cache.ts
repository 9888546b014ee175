/**
 * What browsers and CDNs may keep of the storefront's answers. The loader names the store's data version and the widget
 * puts it in its calls (`v=`), so the data's URLs change when the data does: an answer to the current version is kept
 * long, and only the loader's own freshness bounds how long shoppers see data that changed — at most about a minute
 * and a half (30 s in the browser, 30 s fresh at the CDN, and one more answer while the CDN fetches anew).
 */
export const CDN_CACHE = {
  /** An answer to the version the URL names: nothing under that URL changes; the bound only limits a missed change. */
  versioned: 'public, max-age=300, s-maxage=3600, stale-while-revalidate=600',
  /** The loader, and answers whose URL pins no version (no `v`, or an older one). */
  short: 'public, max-age=30, s-maxage=30, stale-while-revalidate=30',
  /** The content-hashed bundles. */
  immutable: 'public, max-age=31536000, immutable',
  /** An unknown store's loader (a warning), kept a minute. */
  missing: 'public, max-age=60',
} as const;
