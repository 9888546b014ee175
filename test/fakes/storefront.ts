import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Product pages imitating each platform's theme markup (Shopify Dawn, BigCommerce Cornerstone, Tienda Nube's
// default theme, any HTML page with the placeholder), and pages of a site on no platform with the snippet alone: a
// product page with Product JSON-LD, one with Open Graph product tags only, and a page that is no product's. Served
// from their own origin with the merchant's snippet in <head>, the way a merchant pastes it. Layouts are a real product page's: a tall gallery beside the
// product column, the description last in that column, related products and a footer below.

export type FakePlatform = 'shopify' | 'bigcommerce' | 'tiendanube' | 'plain' | 'jsonld' | 'opengraph' | 'blog';

export interface FakeProduct {
  id: string;
  name: string;
}

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; }
  header { height: 72px; border-bottom: 1px solid #ddd; }
  .layout { display: grid; grid-template-columns: 560px 1fr; gap: 32px; max-width: 1200px; margin: 0 auto; padding: 24px; }
  .gallery-main { width: 560px; height: 560px; background: #eee; }
  .gallery-thumbs { height: 96px; margin-top: 12px; background: #f4f4f4; }
  .related { height: 400px; background: #fafafa; margin: 24px; }
  footer { height: 200px; background: #222; }
  @media (max-width: 700px) {
    .layout { grid-template-columns: minmax(0, 1fr); gap: 16px; padding: 16px; }
    .gallery-main { width: 100%; height: auto; aspect-ratio: 1; }
  }
`;

function gallery(cls: string): string {
  // Wrapped in its column, so a widget placed after the gallery stays in that column.
  return `<div class="media-column"><div class="${cls}"><div class="gallery-main"></div><div class="gallery-thumbs"></div></div></div>`;
}

function page(title: string, head: string, body: string, snippet: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${title}</title>
<meta property="og:title" content="${title}"><meta property="og:image" content="https://cdn.shop.example/${title.replace(/\W+/g, '-')}.jpg">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${STYLE}</style>${head}${snippet}</head><body><header>Demo Store</header>${body}
<section class="related">You may also like</section><footer></footer></body></html>`;
}

/** The Product JSON-LD a Shopify theme (Dawn) puts on its product pages, with its own id, url and offer. */
export function themeProduct(id: string, name: string) {
  const url = `https://demo-store.example/products/${encodeURIComponent(name.toLowerCase().replace(/\W+/g, '-'))}`;
  return {
    '@context': 'http://schema.org/',
    '@type': 'Product',
    '@id': `${url}#product`,
    name,
    url,
    image: [`https://cdn.shop.example/${name.replace(/\W+/g, '-')}.jpg`],
    description: 'Soft washed linen, relaxed fit.',
    sku: `${id}-01`,
    brand: { '@type': 'Brand', name: 'Demo' },
    offers: [
      {
        '@type': 'Offer',
        availability: 'http://schema.org/InStock',
        price: 49.0,
        priceCurrency: 'USD',
        url: `${url}?variant=${id}01`,
      },
    ],
  };
}

/** The Product JSON-LD of a hand-made shop's page (or a generic CMS's): the product's id as its sku. */
export function siteProduct(id: string, name: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    sku: id,
    image: { '@type': 'ImageObject', url: `https://cdn.site.example/${name.replace(/\W+/g, '-')}.jpg` },
    description: 'Hand-thrown stoneware.',
    offers: { '@type': 'Offer', price: '29.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
  };
}

const PAGES: Record<FakePlatform, (product: FakeProduct, snippet: string) => string> = {
  shopify: ({ id, name }, snippet) =>
    page(
      name,
      `<script>window.ShopifyAnalytics = { meta: { page: { pageType: 'product' }, product: { id: ${Number(id)}, vendor: 'Demo' } } };</script>
<script type="application/ld+json">${JSON.stringify(themeProduct(id, name))}</script>`,
      `<main class="layout product">${gallery('product__media-wrapper')}
<div class="product__info-container"><h1>${name}</h1><p>$49.00</p>
<form method="post" action="/cart/add" class="product-form"><input type="hidden" name="id" value="${id}01">
<button type="submit" name="add">Add to cart</button></form>
<div class="product__description"><p>Soft washed linen, relaxed fit.</p></div></div></main>`,
      snippet,
    ),
  bigcommerce: ({ id, name }, snippet) =>
    page(
      name,
      '',
      `<main class="layout productView" data-entity-id="${id}">${gallery('productView-images')}
<section class="productView-details"><h1 class="productView-title">${name}</h1><p>$35.00</p>
<form class="form" method="post" action="/cart.php" data-cart-item-add><input type="hidden" name="action" value="add">
<input type="hidden" name="product_id" value="${id}"><input id="form-action-addToCart" type="submit" value="Add to Cart"></form>
<article class="productView-description"><p>Heavy cotton canvas.</p></article></section></main>`,
      snippet,
    ),
  tiendanube: ({ id, name }, snippet) =>
    page(
      name,
      `<script>window.LS = { store: { id: 1 }, product: { id: ${Number(id)}, name: ${JSON.stringify(name)} } };</script>`,
      `<main class="layout" id="single-product">${gallery('js-product-slider')}
<div class="product-info"><h1>${name}</h1><p>$ 12.000</p>
<form class="js-product-form" method="post" action="/comprar/"><input type="hidden" name="add_to_cart" value="${id}">
<input type="submit" class="js-addtocart" value="Comprar"></form>
<div class="product-description"><p>Calabaza curada a mano.</p></div></div></main>`,
      snippet,
    ),
  plain: ({ id, name }, snippet) =>
    page(
      name,
      '',
      `<main class="layout">${gallery('images')}<div><h1>${name}</h1><p>Printed on 200 g paper.</p>
<div data-video-reviews data-product-id="${id}"></div></div></main>`,
      snippet,
    ),
  // The snippet alone: no container, no platform. Where the description is, no theme says.
  jsonld: ({ id, name }, snippet) =>
    page(
      name,
      `<script type="application/ld+json">${JSON.stringify(siteProduct(id, name))}</script>`,
      `<main class="layout">${gallery('product-media')}<div class="product-main"><h1 class="product-title">${name}</h1>
<p class="price">€29.00</p><form method="post" action="/cart/add" class="add-form"><input type="hidden" name="id" value="${id}">
<button type="submit">Add to cart</button></form><div class="details"><p>Hand-thrown stoneware.</p></div></div></main>`,
      snippet,
    ),
  opengraph: ({ id, name }, snippet) =>
    page(
      name,
      `<meta property="og:type" content="product"><meta property="product:retailer_item_id" content="${id}">`,
      `<main class="layout">${gallery('photos')}<div><h1>${name}</h1><p>€18.00</p>
<div class="product-description"><p>Waxed cotton, brass buckle.</p></div></div></main>`,
      snippet,
    ),
  blog: ({ name }, snippet) =>
    page(
      name,
      '<meta property="og:type" content="article">',
      `<main class="layout"><article><h1>${name}</h1><p>How we fire our kilns.</p></article></main>`,
      snippet,
    ),
};

/** A listing page's theme: the Shopify app block's placeholder, or BigCommerce's and Tienda Nube's own card markup. */
export type FakeListing = 'shopify' | 'bigcommerce' | 'tiendanube';

const CARD_STYLE = `
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 24px; max-width: 1200px; margin: 0 auto; padding: 24px; }
  .image { aspect-ratio: 1; background: #eee; }
  .grid h2 { margin: 8px 0 4px; font-size: 16px; }
`;

const CARDS: Record<FakeListing, (product: FakeProduct) => string> = {
  // What extensions/video-reviews/blocks/star-rating.liquid renders inside Dawn's card__information.
  shopify: ({ id, name }) =>
    `<div class="card-wrapper product-card-wrapper"><div class="card__media image"></div><div class="card__information">
<h2 class="card__heading"><a href="/products/${id}">${name}</a></h2>
<div class="video-reviews-stars" data-vr-product-id="${id}" style="min-height: 20px"></div><div class="price">$49.00</div></div></div>`,
  // Cornerstone's card (templates/components/products/card.html): the product id in the article's data-entity-id. Its
  // quick-view button, which also names it, is a theme setting: this store has it off.
  bigcommerce: ({ id, name }) =>
    `<article class="card" data-test="card-${id}" data-entity-id="${id}" data-name="${name}"><figure class="card-figure image"></figure>
<div class="card-body"><h2 class="card-title"><a href="/p/${id}">${name}</a></h2><div class="price">$35.00</div>
<a href="/cart.php?action=add&amp;product_id=${id}" class="button card-figcaption-button">Add to Cart</a></div></article>`,
  tiendanube: ({ id, name }) =>
    `<div class="js-item-product item-product" data-product-id="${id}"><div class="item-image image"></div>
<div class="item-description"><h2><a class="item-name" href="/productos/${id}">${name}</a></h2><div class="item-price">$ 12.000</div></div></div>`,
};

/** A collection page of `products`' cards. */
function listingPage(listing: FakeListing, products: FakeProduct[], snippet: string): string {
  return page(
    'All products',
    `<style>${CARD_STYLE}</style>`,
    `<main><h1>All products</h1><div class="grid">${products.map(CARDS[listing]).join('')}</div></main>`,
    snippet,
  );
}

/** The merchant's "Reviews" page: the widget's placeholder in all-reviews mode. */
function reviewsPage(snippet: string): string {
  return page(
    'Reviews',
    '',
    '<main class="layout-reviews"><h1>What our customers say</h1><div data-video-reviews data-vr-mode="all"></div></main>',
    snippet,
  );
}

export interface FakeStorefront {
  url: string;
  /** The page path of a platform's product page. */
  path(platform: FakePlatform, product: FakeProduct): string;
  /** The page path of a collection page with these products' cards in a platform's markup. */
  collection(listing: FakeListing, products: FakeProduct[]): string;
  close(): Promise<void>;
}

/**
 * Serves `/{platform}?id=&name=` product pages, `/collection/{platform}?products=` listing pages and `/reviews` (the
 * all-reviews page) with `snippet` in <head>; cart posts answer a plain page.
 */
export async function startFakeStorefront(snippet: string): Promise<FakeStorefront> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://store.test');
    const platform = url.pathname.slice(1) as FakePlatform;
    if (req.method === 'POST') {
      req.resume();
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><link rel="icon" href="data:,"><title>Cart</title><p>Added to cart');
      return;
    }
    if (url.pathname.startsWith('/collection/')) {
      const listing = url.pathname.slice('/collection/'.length) as FakeListing;
      const products = JSON.parse(url.searchParams.get('products') ?? '[]') as FakeProduct[];
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(listingPage(listing, products, snippet));
      return;
    }
    if (url.pathname === '/reviews') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(reviewsPage(snippet));
      return;
    }
    const render = PAGES[platform];
    if (!render) {
      res.writeHead(404).end();
      return;
    }
    const product = { id: url.searchParams.get('id') ?? '1', name: url.searchParams.get('name') ?? 'Product' };
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(render(product, snippet));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // Another port, so another origin than the app's, as a real store is.
    url: `http://127.0.0.1:${port}`,
    path: (platform, product) => `/${platform}?${new URLSearchParams({ id: product.id, name: product.name })}`,
    collection: (listing, products) =>
      `/collection/${listing}?${new URLSearchParams({ products: JSON.stringify(products) })}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A platform's product page with `snippet` in <head> (the platform fakes serve it with their stores' scripts). */
export function productPage(platform: FakePlatform, product: FakeProduct, snippet: string): string {
  return PAGES[platform](product, snippet);
}
