/**
 * What browsers and CDNs may keep of the storefront's answers. The loader names the store's data version and the widget
 * puts it in its calls (`v=`), so the data's URLs change when the data does: an answer to the current version is kept
 * long, and only the loader's freshness bounds how long shoppers see data that changed. Browsers revalidate the loader
 * on every page view (a 304 most of the time), so a reload shows what the merchant just approved; a CDN keeps it 30 s.
 */
export const CDN_CACHE = {
  /** An answer to the version the URL names: nothing under that URL changes; the bound only limits a missed change. */
  versioned: 'public, max-age=300, s-maxage=3600, stale-while-revalidate=600',
  /**
   * The loader. No `stale-while-revalidate`: browsers apply it too, and would run an older loader (naming an older
   * version) on the reload after a change.
   */
  loader: 'public, max-age=0, s-maxage=30',
  /** Answers whose URL pins no version (no `v`, or an older one): current data, kept briefly. */
  short: 'public, max-age=30, s-maxage=30, stale-while-revalidate=30',
  /** The content-hashed bundles. */
  immutable: 'public, max-age=31536000, immutable',
  /** An unknown store's loader (a warning), kept a minute. */
  missing: 'public, max-age=60',
} as const;
