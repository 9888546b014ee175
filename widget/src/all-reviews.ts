import type { TPublicReview, TPublicReviews, TWidgetConfiguration } from '../../shared/storefront.js';
import { h, warn } from './dom.js';
import { send, sessionId } from './events.js';
import { localize } from './language.js';
import { chunkAt } from './later.js';
import { PAGE_SIZE, render } from './render.js';

// The all-reviews chunk (`data-vr-mode="all"`, a store's "Reviews" page): every product's published reviews as a
// list, each row naming and linking its product, paged and sorted like a product's. No form, no Questions, no events
// and no JSON-LD: Google's review snippets are for a product's own page, never a list of many products'.

const data = document.querySelector<HTMLScriptElement>('script[data-store][data-api]')?.dataset;
const host = document.querySelector<HTMLElement>('[data-video-reviews][data-vr-mode=all]');
if (data && host && !host.shadowRoot) {
  const { api, store = '', version } = data;
  chunkAt(data.form || '');
  const get = <T>(url: string): Promise<T> =>
    fetch(url + (version ? '&v=' + encodeURIComponent(version) : ''), { cache: version ? 'default' : 'no-cache' }).then(
      (response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return response.json() as Promise<T>;
      },
    );
  const products = new Map<string, TPublicReview['product']>();
  const remember = (answer: TPublicReviews) => {
    for (const review of answer.results) products.set(review.id, review.product);
    return answer;
  };
  const list = `${api}/api/reviews/public/all/?${new URLSearchParams({ merchant_id: store, page_size: String(PAGE_SIZE) })}`;
  Promise.all([
    get<TWidgetConfiguration>(`${api}/api/widgets/configuration/?${new URLSearchParams({ merchant_id: store })}`),
    get<TPublicReviews>(list).then(remember),
  ])
    .then(([answer, reviews]) => {
      const localized = localize(answer);
      // One review per row: a row can hold its product's link (a grid tile is itself a button).
      const configuration = { ...localized, settings: { ...localized.settings, layout: 'list' as const } };
      host.classList.add('video-reviews-widget');
      const root = host.attachShadow({ mode: 'open' });
      // Every render (a sort, a filter, more reviews): no form or Questions, and each row names its product.
      const decorate = () => {
        for (const button of root.querySelectorAll('.vr-write,.vr-ask')) button.remove();
        for (const row of root.querySelectorAll<HTMLElement>('.vr-tile[data-review-id]')) {
          const product = products.get(row.dataset.reviewId || '');
          const body = row.querySelector('.vr-body');
          if (!product || !body || body.querySelector('.vr-product')) continue;
          const name = product.url ? h('a', '', product.name, { href: product.url }) : h('span', '', product.name);
          const line = h('p', 'vr-product');
          line.append(name);
          body.prepend(line);
        }
      };
      new MutationObserver(decorate).observe(root, { childList: true, subtree: true });
      render(root, host, configuration, reviews, {
        more: (next) => get<TPublicReviews>(new URL(next, api + '/').href).then(remember),
        view: (sort, rating) =>
          get<TPublicReviews>(
            list + (sort != 'recent' ? '&sort=' + sort : '') + (rating ? '&rating=' + rating : ''),
          ).then(remember),
        vote: (review) =>
          send(
            `${api}/api/reviews/public/${review.id}/helpful/`,
            JSON.stringify({ merchant_id: store, session_id: sessionId() }),
          ),
      });
      decorate();
    })
    .catch((error: Error) => warn(error.message));
}
