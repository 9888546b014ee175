// What `npm run bench scale` measured, carried to a larger deployment (the README's Capacity section): the storefront's
// demand at a stated traffic, the share a CDN answers by the answers' own Cache-Control under Zipf popularity, the
// origin rate left and the CPU it takes at the measured cost a request, and how much Redis holds of it.
import { join } from 'node:path';
import { ROOT } from './support.mjs';

const { CDN_CACHE } = await import(join(ROOT, 'dist/api/server/storefront/cdn-cache.js'));
const sMaxAge = (cacheControl) => Number(/s-maxage=(\d+)/.exec(cacheControl)[1]);
/** How long the app's shared cache keeps a storefront answer (StorefrontService's TTL). */
export const SHARED_CACHE_TTL_S = 300;

/**
 * `stores` stores of `products` products, `views` product page views a store a day on average, spread with Zipf
 * popularity (s = 1) over stores and over each store's products, the peak hour at `peak` times the day's average rate;
 * each view asks for the loader, the configuration and the product's reviews (at the loader's data version), and sends
 * the widget's view beacon, which no cache answers: it always reaches the app. One CDN
 * edge (or a CDN with a shield) keeps each answer its `s-maxage`: with Poisson arrivals a URL asked λ times a second is
 * found λT / (1 + λT) of the time and reaches the app λ / (1 + λT) times a second; a shared-cache entry made on each of
 * those lives SHARED_CACHE_TTL_S. Browsers' own caching is left out (it only lowers what reaches the CDN).
 */
export function storefrontModel({ stores, products, views, peak }) {
  const loaderTtl = sMaxAge(CDN_CACHE.loader);
  const readTtl = sMaxAge(CDN_CACHE.versioned);
  let storeWeights = 0;
  for (let r = 1; r <= stores; r++) storeWeights += 1 / r;
  let productWeights = 0;
  for (let k = 1; k <= products; k++) productWeights += 1 / k;
  const pageViews = ((stores * views) / 86_400) * peak;
  let loaderOrigin = 0;
  let readOrigin = 0;
  let liveEntries = 0;
  for (let r = 1; r <= stores; r++) {
    const store = (pageViews / r) * (1 / storeWeights);
    loaderOrigin += store / (1 + store * loaderTtl);
    for (let k = 1; k <= products; k++) {
      const product = (store / k) * (1 / productWeights);
      const origin = product / (1 + product * readTtl);
      // The configuration and the reviews: two URLs, two entries.
      readOrigin += 2 * origin;
      liveEntries += 2 * (1 - Math.exp(-origin * SHARED_CACHE_TTL_S));
    }
  }
  const demand = pageViews * 4;
  const origin = loaderOrigin + readOrigin + pageViews;
  return {
    demand,
    origin,
    beacons: pageViews,
    hitRatio: 1 - origin / demand,
    loaderHitRatio: 1 - loaderOrigin / pageViews,
    readHitRatio: 1 - readOrigin / (2 * pageViews),
    liveEntries,
    ttls: { loader: loaderTtl, reads: readTtl },
  };
}
