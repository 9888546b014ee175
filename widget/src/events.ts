import type { TWidgetEvents, TWidgetEventType } from '../../shared/storefront.js';

const BATCH = 50;
const FLUSH_DELAY_MS = 2000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const CART_FORM = /\/cart\/add|\/comprar/;
const CART_BUTTONS = '[name=add], .js-addtocart, #form-action-addToCart, [data-add-to-cart]';

/** The tab's random id, kept for the session so views, add-to-carts and an upload of one visit join up. */
export function sessionId(): string {
  let id: string | null = null;
  try {
    id = sessionStorage.getItem('vr_sid');
  } catch {
    // Storage refused: a new id below.
  }
  if (!id || !/^[\w-]{16,64}$/.test(id)) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(22)), (byte) => ALPHABET[byte & 63]).join('');
    try {
      sessionStorage.setItem('vr_sid', id);
    } catch {
      // Private modes may refuse storage: the id then lasts as long as the page.
    }
  }
  return id;
}

/**
 * Shopify: the cart carries the session as a hidden cart attribute (`_vr_session`, SHOPIFY_SESSION_ATTRIBUTE in
 * shared/shopify.ts; underscored attributes are not shown at checkout), so the order webhook tells the server which
 * widget session bought. Once per session and tab; a failure changes nothing for the shopper.
 */
function tellShopifyCart(session: string): void {
  try {
    if (sessionStorage.getItem('vr_attr') === session) return;
    sessionStorage.setItem('vr_attr', session);
  } catch {
    // Storage refused: told once per page instead.
  }
  fetch('/cart/update.js', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ attributes: { _vr_session: session } }),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
}

/** POSTs `body` as text/plain (no CORS preflight), by a beacon, or a fetch when the browser refuses one. */
export function send(url: string, body: string): void {
  try {
    if (navigator.sendBeacon(url, body)) return;
  } catch {
    // No beacons: the fetch below.
  }
  fetch(url, { method: 'POST', body, keepalive: true, mode: 'no-cors' }).catch(() => undefined);
}

/**
 * Queues view, add-to-cart and the player's events for this product and sends them in batches: 2 s after the first
 * one, or when the page is hidden or left. Beacons carry text/plain, which needs no CORS preflight.
 */
export function tracker(api: string, store: string, productId: string, host: HTMLElement, shopify: boolean) {
  const url = api + '/api/widgets/events/';
  const session = sessionId();
  const queue: TWidgetEvents['events'] = [];
  let timer = 0;
  let lastCart = 0;

  const flush = () => {
    clearTimeout(timer);
    timer = 0;
    while (queue.length) {
      const body = JSON.stringify({
        merchant_id: store,
        session_id: session,
        events: queue.splice(0, BATCH),
      } satisfies TWidgetEvents);
      send(url, body);
    }
  };
  const track = (type: TWidgetEventType, review?: string) => {
    queue.push({ type, product_id: productId, review_id: review });
    if (!timer) timer = window.setTimeout(flush, FLUSH_DELAY_MS);
  };
  const cart = () => {
    // A click on the add button and the submit it causes are one add to cart. Sent at once: adding to the
    // cart often leaves the page, and a beacon from a live page is the surest.
    if (Date.now() - lastCart > 1000) {
      track('add_to_cart');
      flush();
    }
    lastCart = Date.now();
  };

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (
        form instanceof HTMLFormElement &&
        (CART_FORM.test(form.getAttribute('action') || '') || form.matches('[data-cart-item-add]'))
      ) {
        cart();
      }
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest(CART_BUTTONS)) cart();
    },
    true,
  );
  if (window.IntersectionObserver) {
    // Half of the widget, or half of the screen when the widget is taller than two screens.
    const seen = new IntersectionObserver(
      (entries) => {
        const visible = (entry: IntersectionObserverEntry) =>
          entry.intersectionRatio >= 0.5 || entry.intersectionRect.height >= innerHeight / 2;
        if (entries.some(visible)) {
          seen.disconnect();
          track('view');
          if (shopify) tellShopifyCart(session);
        }
      },
      { threshold: [0.1, 0.25, 0.5] },
    );
    seen.observe(host);
  }
  return track;
}
