import type { TPublicReviews, TWidgetConfiguration } from '../../shared/storefront.js';
import { h, info, storage, warn } from './dom.js';
import { send, sessionId, tracker } from './events.js';
import { localize } from './language.js';
import { chunkAt, later } from './later.js';
import { detectProduct } from './platform/detect.js';
import { place } from './platform/placement.js';
import { PAGE_SIZE, render } from './render.js';
import type { Product } from './types.js';

// The storefront widget's initial bundle (DESIGN §7): find the product, fetch configuration and reviews,
// insert one fully rendered Shadow DOM host, send events. The player and the form load on demand from `data-form`.

const script = document.currentScript as HTMLScriptElement | null;
/** The badge and JSON-LD chunks' file names, set by the build (they sit beside this bundle). */
declare const BADGES: string, JSONLD: string;

/** Loads a chunk that sits beside this bundle. */
const beside = (file: string) => later(new URL(file, (script as HTMLScriptElement).src).href);

/** `no-cache` revalidates (ETag, mostly a 304) so a reload shows what the merchant just approved or changed. */
function getJson<T>(url: string, cache: RequestCache = 'default'): Promise<T> {
  return fetch(url, { cache }).then((response) => {
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.json() as Promise<T>;
  });
}

function mount(
  store: string,
  api: string,
  version: string,
  reviews: string,
  product: Product,
  answer: TWidgetConfiguration,
  data: TPublicReviews,
): void {
  const configuration = localize(answer);
  const placeholder = product.placeholder;
  const named = `product "${product.id}" (from ${product.from})`;
  if (configuration.enabled === false) {
    // The height kept, or the app block's skeleton, goes.
    if (placeholder) placeholder.innerHTML = placeholder.style.minHeight = '';
    return info(named + ': turned off for this product');
  }
  const host = placeholder || h('div');
  host.classList.add('video-reviews-widget');
  host.dataset.productId = product.id;
  const root = host.shadowRoot || host.attachShadow({ mode: 'open' });
  // Events start once the widget is on the page.
  let track: ReturnType<typeof tracker> = () => undefined;
  const context = (slot: HTMLElement, button: HTMLButtonElement) => ({
    container: slot,
    configuration,
    api,
    store,
    version,
    button,
    product,
    session: sessionId(),
    done: () => button.focus(),
  });
  const onDemand = (run: () => void) => later().then(run, (error: Error) => warn(error.message));
  render(root, host, configuration, data, {
    more: (next) => versioned(new URL(next, api + '/').href, version),
    // Only what differs from the defaults goes in the URL: the default view keeps the first request's URL.
    view: (sort, rating) =>
      versioned(reviews + (sort != 'recent' ? '&sort=' + sort : '') + (rating ? '&rating=' + rating : ''), version),
    // Sent like the beacons; the server counts one vote per session and review.
    vote: (review) =>
      send(
        `${api}/api/reviews/public/${review.id}/helpful/`,
        JSON.stringify({ merchant_id: store, session_id: sessionId() }),
      ),
    report: (type, review) => track(type, review),
    write: (slot, button) => {
      const open = slot.querySelector<HTMLElement>('.vr-form input');
      if (open) return open.focus();
      onDemand(() => window.__vrForm?.(context(slot, button)));
    },
    questions: (slot, button) => onDemand(() => window.__vrQuestions?.(context(slot, button))),
  });
  let where = 'inside [data-video-reviews]';
  if (placeholder) {
    placeholder.style.minHeight = '';
    storage('vr:h:' + product.id, placeholder.offsetHeight);
  } else {
    where = place(host, product.platform, configuration) || '';
    if (!where) return warn(named + ': no place for the widget on this page');
  }
  // What merchants read to see where the widget went, and for which product.
  info('mounted for ' + named + ' ' + where);
  track = tracker(api, store, product.id, host, product.platform === 'shopify');
  // Google's snippets are for a rated product only.
  if (data.count && data.average_rating != null) {
    beside(JSONLD).then(
      () => window.__vrJsonLd?.(product, data),
      (error: Error) => warn(error.message),
    );
  }
}

/**
 * With the store's data version from the loader, a URL names the data at that version and the browser's cache may
 * answer it; without one (an older loader, or a server without a shared version), revalidate.
 */
function versioned<T>(url: string, version: string): Promise<T> {
  return version ? getJson<T>(url + '&v=' + encodeURIComponent(version)) : getJson<T>(url, 'no-cache');
}

function start(store: string, api: string, version: string): void {
  const product = detectProduct();
  // A listing page (product cards, no product) or the store's Reviews page: the badge chunk, beside the bundle.
  if (!product && document.querySelector('[data-vr-product-id],[data-product-id],[data-entity-id],[data-vr-mode]')) {
    return void beside(BADGES).catch((error: Error) => warn(error.message));
  }
  if (!product) {
    return info(
      'no product found on this page: no data-product-id container, no platform product, no Product JSON-LD, no og:type=product',
    );
  }
  const placeholder = product.placeholder;
  const height = placeholder && storage('vr:h:' + product.id);
  if (placeholder && height) placeholder.style.minHeight = height + 'px';
  const reviews = `${api}/api/reviews/public/?${new URLSearchParams({ product_id: product.id, merchant_id: store, page_size: String(PAGE_SIZE) })}`;
  Promise.all([
    versioned<TWidgetConfiguration>(
      `${api}/api/widgets/configuration/${encodeURIComponent(product.id)}/?${new URLSearchParams({ merchant_id: store })}`,
      version,
    ),
    versioned<TPublicReviews>(reviews, version),
  ])
    .then(([configuration, data]) => mount(store, api, version, reviews, product, configuration, data))
    .catch((error: Error) => {
      if (placeholder) placeholder.innerHTML = placeholder.style.minHeight = '';
      warn(error.message);
    });
}

if (!window.__vrLoaded) {
  window.__vrLoaded = true;
  window.VideoReviews = {
    render(host, configuration, reviews) {
      render(host.shadowRoot || host.attachShadow({ mode: 'open' }), host, localize(configuration), reviews);
    },
  };
  const data = script?.dataset;
  chunkAt(data?.form || '');
  const api = data?.store && (data.api || new URL((script as HTMLScriptElement).src).origin).replace(/\/+$/, '');
  // The app's own pages (the dashboard loads the loader for its preview) are never a storefront.
  if (data?.store && api && api !== location.origin) {
    const store = data.store;
    const version = data.version || '';
    // What merchants are told to look for in the console to see that the widget runs on their store.
    info('Running for store ' + store);
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', () => start(store, api, version));
    } else {
      start(store, api, version);
    }
  }
}
