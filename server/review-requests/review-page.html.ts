import type { TRequestLocale } from '../../shared/review-requests.js';
import type { TWidgetConfiguration } from '../../shared/storefront.js';
import { mediaRequired } from '../../shared/widget-options.js';
import { escapeHtml } from '../mail/mail.templates.js';
import { fillIn, REVIEW_PAGE_STRINGS, type TReviewPageStrings } from './review-page.strings.js';

// The hosted review page and the link's message pages, rendered on the server as plain HTML: the only script is the
// widget's form chunk (recorder, resumable uploads) and a few lines that mount it per product, so the first load
// stays a fraction of the storefront widget's budget. Phone first; the store's widget colours.

export interface PageProduct {
  id: string;
  name: string;
  image: string;
  url: string;
  /** The review made through the link, once there is one. */
  review: { rating: number; comment: string } | null;
}

export interface ReviewPageView {
  locale: TRequestLocale;
  nonce: string;
  storeName: string;
  storeUrl: string | null;
  customerName: string;
  products: PageProduct[];
  /** The star the mail's link chose, for the first product still to review (0: none). */
  rating: number;
  /** The product the mail's star was for (its platform id), which the page opens first. */
  chosen?: string;
  /** Null when the form chunk is not built on this server. */
  formScript: string | null;
  configuration: TWidgetConfiguration;
  endpoint: string;
}

export interface MessagePageView {
  locale: TRequestLocale;
  nonce: string;
  title: string;
  message: string;
  storeName: string;
  storeUrl: string | null;
  /** A form posting to the page itself (the unsubscribe page's way back). */
  action?: { label: string; field: string; value: string };
  products?: PageProduct[];
}

const COLOR = /^#[0-9a-f]{3,8}$/i;
const color = (value: string | undefined, fallback: string) => (value && COLOR.test(value) ? value : fallback);

/** JSON for an inline `<script type="application/json">`: `<` escaped so no text can close the element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function css(colors: { primary: string; text: string; background: string }): string {
  return `:root{--vr-primary:${colors.primary};--vr-text:${colors.text};--vr-bg:${colors.background};color-scheme:light}
*{box-sizing:border-box}
body{margin:0;background:var(--vr-bg);color:var(--vr-text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:40rem;margin:0 auto;padding:24px 16px 48px}
h1{margin:0 0 4px;font-size:24px;line-height:1.25}
h2{margin:0;font-size:18px;line-height:1.3;overflow-wrap:anywhere}
p{margin:8px 0}
a{color:inherit}
.store{margin:0 0 16px;font-weight:600}
ol{list-style:none;margin:24px 0 0;padding:0;display:grid;gap:16px}
.product{padding:16px;border:1px solid rgba(0,0,0,.15);border-radius:12px}
.head{display:grid;grid-template-columns:72px 1fr;gap:12px;align-items:center}
.head img,.head .blank{width:72px;height:72px;border-radius:8px;object-fit:cover;background:rgba(0,0,0,.06)}
.state{margin:4px 0 0;font-size:14px}
.done .state{font-weight:600}
.stars{letter-spacing:2px}
.mine{margin-top:12px;padding-top:12px;border-top:1px solid rgba(0,0,0,.1)}
.open{min-height:44px;margin-top:12px;padding:10px 16px;border:1px solid currentColor;border-radius:8px;background:transparent;color:inherit;font:inherit;font-weight:600;cursor:pointer}
.button{display:inline-block;min-height:44px;padding:10px 16px;border:1px solid currentColor;border-radius:8px;background:transparent;color:inherit;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:24px}
[hidden]{display:none!important}`;
}

function document(
  view: { locale: TRequestLocale; nonce: string; title: string; style: string },
  head: string,
  body: string,
) {
  return `<!doctype html>
<html lang="${view.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(view.title)}</title>
<style nonce="${view.nonce}">${view.style}</style>
${head}</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function storeLink(strings: TReviewPageStrings, storeName: string, storeUrl: string | null): string {
  if (!storeUrl) return '';
  return `<a class="button" href="${escapeHtml(storeUrl)}" rel="noreferrer">${escapeHtml(fillIn(strings.visit_store, { store: storeName }))}</a>`;
}

function stars(strings: TReviewPageStrings, rating: number): string {
  return `<span class="stars" role="img" aria-label="${escapeHtml(fillIn(strings.stars, { n: rating }))}">${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}</span>`;
}

function productHead(strings: TReviewPageStrings, product: PageProduct, index: number): string {
  const image = product.image
    ? `<img src="${escapeHtml(product.image)}" alt="" width="72" height="72"${index > 1 ? ' loading="lazy"' : ''}>`
    : '<span class="blank"></span>';
  return `<div class="head">${image}<div><h2>${escapeHtml(product.name)}</h2><p class="state" id="state-${index}">${escapeHtml(product.review ? `✓ ${strings.done}` : strings.to_review)}</p></div></div>`;
}

function reviewed(strings: TReviewPageStrings, product: PageProduct): string {
  if (!product.review) return '';
  const comment = product.review.comment ? ` <span>${escapeHtml(product.review.comment)}</span>` : '';
  return `<p class="mine"><strong>${escapeHtml(strings.your_review)}:</strong> ${stars(strings, product.review.rating)}${comment}</p>`;
}

/** Mounts the widget's form for a product in its own shadow root (the form's ids repeat per product). */
const BOOT = `(function(){var d=JSON.parse(document.getElementById('vr-data').textContent);
function slot(i){return document.getElementById('slot-'+i)}
function mount(i){var host=slot(i),open=document.getElementById('open-'+i),root=host.shadowRoot||host.attachShadow({mode:'open'}),c=document.createElement('div');
open.hidden=true;root.textContent='';root.appendChild(c);var p=d.products[i];
window.__vrForm({container:c,configuration:d.configuration,api:location.origin,store:d.store,session:'',product:{id:p.id,name:p.name,image:p.image,url:p.url},
done:function(){root.textContent='';if(!p.sent){open.hidden=false;open.focus()}},
request:{endpoint:d.endpoint,name:d.name,rating:i===d.first?d.rating:0,sent:function(){p.sent=true;
var li=document.getElementById('product-'+i);li.className='product done';document.getElementById('state-'+i).textContent='\\u2713 '+d.done}}})}
window.__vrMount=mount;document.addEventListener('click',function(e){var t=e.target.closest&&e.target.closest('[data-open]');if(t)mount(Number(t.getAttribute('data-open')))})})();`;

export function reviewPage(view: ReviewPageView): string {
  const strings = REVIEW_PAGE_STRINGS[view.locale];
  const settings = view.configuration.settings;
  const style = css({
    primary: color(settings.primary_color, '#3498db'),
    text: color(settings.text_color, '#333333'),
    background: color(settings.background_color, '#ffffff'),
  });
  const title = fillIn(strings.title, { store: view.storeName });
  const chosen = view.products.findIndex((product) => product.id === view.chosen && !product.review);
  const first = chosen >= 0 ? chosen : view.products.findIndex((product) => !product.review);
  const data = {
    configuration: view.configuration,
    store: view.configuration.store_id,
    endpoint: view.endpoint,
    name: view.customerName,
    rating: view.rating,
    first,
    done: strings.done,
    products: view.products.map(({ id, name, image, url }) => ({ id, name, image, url })),
  };
  const items = view.products.map((product, index) => {
    const todo = !product.review && view.formScript;
    const form = todo
      ? `<div id="slot-${index}"></div><button type="button" class="open" id="open-${index}" data-open="${index}"${index === first ? ' hidden' : ''}>${escapeHtml(strings.write_review)}</button>` +
        // The first product's form is there before the page first paints: nothing below it moves (CLS 0).
        (index === first ? `<script nonce="${view.nonce}">window.__vrMount(${index})</script>` : '')
      : '';
    return `<li class="product${product.review ? ' done' : ''}" id="product-${index}">${productHead(strings, product, index)}${reviewed(strings, product)}${form}</li>`;
  });
  const greeting = view.customerName
    ? fillIn(strings.greeting, { name: view.customerName })
    : strings.greeting_anonymous;
  const head = view.formScript
    ? `<script nonce="${view.nonce}" src="${escapeHtml(view.formScript)}"></script>
<script type="application/json" id="vr-data">${inlineJson(data)}</script>
`
    : '';
  const boot = view.formScript
    ? `<script nonce="${view.nonce}">${BOOT}</script>`
    : `<p role="alert">${escapeHtml(strings.unavailable)}</p>`;
  return document(
    { locale: view.locale, nonce: view.nonce, title, style },
    head,
    `<p class="store">${escapeHtml(view.storeName)}</p>
<h1>${escapeHtml(greeting)}</h1>
<p>${escapeHtml(mediaRequired(view.configuration.settings) ? strings.intro : strings.intro_text_ok)}</p>
<noscript><p>${escapeHtml(strings.no_script)}</p></noscript>
${boot}
<ol>
${items.join('\n')}
</ol>`,
  );
}

export function messagePage(view: MessagePageView): string {
  const strings = REVIEW_PAGE_STRINGS[view.locale];
  const action = view.action
    ? `<form method="post"><input type="hidden" name="${escapeHtml(view.action.field)}" value="${escapeHtml(view.action.value)}"><button class="button" type="submit">${escapeHtml(view.action.label)}</button></form>`
    : '';
  const products = view.products?.length
    ? `<ol>${view.products.map((product, index) => `<li class="product done">${productHead(strings, product, index)}${reviewed(strings, product)}</li>`).join('')}</ol>`
    : '';
  return document(
    {
      locale: view.locale,
      nonce: view.nonce,
      title: view.storeName ? `${view.title} · ${view.storeName}` : view.title,
      style: css({ primary: '#3498db', text: '#222222', background: '#ffffff' }),
    },
    '',
    `${view.storeName ? `<p class="store">${escapeHtml(view.storeName)}</p>` : ''}
<h1>${escapeHtml(view.title)}</h1>
<p>${escapeHtml(view.message)}</p>
${products}
<div class="actions">${action}${storeLink(strings, view.storeName, view.storeUrl)}</div>`,
  );
}

/** What each page may load: its own nonce'd style and scripts, the form's stylesheet, images, and its own API. */
export function reviewPageCsp(nonce: string, formStyleHash: string | null): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'${formStyleHash ? ` '${formStyleHash}'` : ''}`,
    // Product images come from the stores' CDNs; a recording is watched (and its thumbnail drawn) from a blob.
    'img-src https: blob:',
    'media-src blob:',
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function messagePageCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    'img-src https:',
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
