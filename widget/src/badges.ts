import type { TReviewSummaries } from '../../shared/storefront.js';
import { fill, h, warn } from './dom.js';
import { localize } from './language.js';
import { later } from './later.js';
import { CARDS } from './platform/cards.js';
import css from './badges.css';

// The badge chunk: a listing page's product cards get "★★★★☆ 4.5 (12)" from one GET /api/reviews/summary/. Loaded by
// the initial bundle only on a page with cards and no product, so a product page's budget does not carry it.

const MAX = 50;

/** Each product's cards: `data-vr-product-id` hosts, or platform cards (`.card`, `.js-item-product`). */
function cards(): Map<string, HTMLElement[]> {
  const found = new Map<string, HTMLElement[]>();
  for (const element of document.querySelectorAll<HTMLElement>(CARDS)) {
    let id = element.dataset.vrProductId;
    let card = element;
    if (!id) {
      card = element.closest<HTMLElement>('.card,.js-item-product') || element;
      if (card.querySelector('[data-vr-product-id]')) continue;
      id =
        card.dataset.productId ||
        card.dataset.entityId ||
        card.querySelector<HTMLElement>('[data-product-id]')?.dataset.productId;
    }
    const list = (id && (found.get(id) || (found.size < MAX && found.set(id, []).get(id)))) || [];
    if (!list.includes(card)) list.push(card);
  }
  return found;
}

/**
 * Where a card's badge goes: inside a `data-vr-product-id` host, whose reserved height (the block's, or the
 * merchant's CSS) it fills; over a platform card's corner otherwise, out of the flow, so nothing moves (CLS 0).
 */
function slot(card: HTMLElement): HTMLElement {
  if (card.dataset.vrProductId) return card;
  const over = h('span', 'vr-badge vr-over');
  if (getComputedStyle(card).position == 'static') card.style.position = 'relative';
  card.append(over);
  return over;
}

/** The bundle's script element: the loader gave it the store, the API's origin and the data version. */
const bundle = document.querySelector<HTMLScriptElement>('script[data-store][data-api]');
const data = bundle?.dataset;
/** The all-reviews chunk's file name, set by the build (it sits beside this one). */
declare const ALL: string;
// A store's "Reviews" page: the list comes with its own chunk (it carries the widget's rendering).
if (bundle && document.querySelector('[data-video-reviews][data-vr-mode=all]')) {
  later(new URL(ALL, bundle.src).href).catch((error: Error) => warn(error.message));
}
const found = data && cards();
if (found && found.size) {
  const { api, store = '', version } = data;
  const ids = [...found.keys()].sort().join(',');
  // Sorted ids and the data version: the same URL for every visit of the page until the data changes (CDN-cacheable).
  fetch(
    `${api}/api/reviews/summary/?${new URLSearchParams({ merchant_id: store, ids })}` +
      (version ? '&v=' + encodeURIComponent(version) : ''),
    { cache: version ? 'default' : 'no-cache' },
  )
    .then((response) => {
      if (!response.ok) throw new Error('/api/reviews/summary/ answered ' + response.status);
      return response.json() as Promise<TReviewSummaries>;
    })
    .then((answer) => {
      const { strings, language } = localize(answer);
      for (const [id, summary] of Object.entries(answer.results)) {
        const n = summary.average_rating.toLocaleString(language);
        const count = fill(summary.count == 1 ? strings.reviews_one : strings.reviews_many, { n: summary.count });
        for (const card of found.get(id) || []) {
          const root = slot(card).attachShadow({ mode: 'open' });
          const full = Math.round(summary.average_rating);
          const badge = h('span', 'b', null, {
            role: 'img',
            'aria-label': fill(strings.rated, { n, count }),
            lang: language,
          });
          badge.append(
            h('span', 's', '★'.repeat(full)),
            h('span', 'o', '★'.repeat(5 - full)),
            ` ${n} (${summary.count})`,
          );
          root.append(h('style', '', css), badge);
        }
      }
    })
    .catch((error: Error) => warn(error.message));
}
