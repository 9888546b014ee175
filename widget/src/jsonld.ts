import type { TPublicReview, TPublicReviews } from '../../shared/storefront.js';
import { meta, pageProduct } from './platform/page-product.js';
import type { Product } from './types.js';

// The JSON-LD chunk: loaded by the initial bundle once a product's reviews arrived, and only when it has a rating, so
// the bundle's budget does not carry it.

type Node = Record<string, unknown>;

/** Google reads up to this many reviews per product; more only weigh on the page. */
const MAX_REVIEWS = 10;

/** What schema.org Review markup says of one review, its video a VideoObject when it has a thumbnail to show. */
function reviewNode(review: TPublicReview, productName: string, image: string | null | undefined): Node {
  const node: Node = {
    '@type': 'Review',
    author: { '@type': 'Person', name: review.customer_name },
    datePublished: review.created_at.slice(0, 10),
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
  };
  if (review.comment) node.reviewBody = review.comment;
  // The poster media processing drew (or, for files kept as uploaded, the shopper's thumbnail), else the product's
  // image. Google refuses a VideoObject without thumbnailUrl, so a video with neither is left out.
  const thumbnail = review.thumbnail_url || image;
  if (review.video_url && thumbnail) {
    node.video = {
      '@type': 'VideoObject',
      name: review.customer_name + ' · ' + productName,
      description: review.comment || productName,
      thumbnailUrl: thumbnail,
      contentUrl: review.video_url,
      uploadDate: review.created_at,
      duration: review.video_duration ? 'PT' + review.video_duration + 'S' : undefined,
    };
  }
  return node;
}

const serialize = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * An Offer's price and currency, from one source, or none: the catalogue's, else the page's Open Graph tags
 * (`product:price:*`, or `og:price:*` as Shopify themes write them). A page's amount counts only as digits with at
 * most two decimals, above zero: "1,299.00" or "12.000" (a thousands separator) would be read as a wrong price.
 */
function price(catalogue: TPublicReviews['product']): [string, string] | undefined {
  if (catalogue?.price && catalogue.currency && +catalogue.price > 0) return [catalogue.price, catalogue.currency];
  for (const prefix of ['product:price:', 'og:price:']) {
    const amount = meta(prefix + 'amount');
    const currency = meta(prefix + 'currency').toUpperCase();
    if (/^\d+(\.\d\d?)?$/.test(amount) && +amount > 0 && /^[A-Z]{3}$/.test(currency)) return [amount, currency];
  }
}

/**
 * schema.org markup for review snippets and video results: aggregateRating and up to 10 reviews (VideoObject for
 * videos). When the theme already describes the product (every Shopify theme does), they are added to that very
 * node, so the page keeps one Product with the theme's @id and url; otherwise the widget publishes a Product of its
 * own. A product another app has already rated is left alone.
 *
 * Google (EXTERNAL_APIS §5): a Product needs a name and one of review, aggregateRating or offers, which the rating
 * always gives; a merchant listing needs an image and an Offer with price and currency besides. So image and offers
 * are filled only where the node has none, and an Offer only beside an image: a page with no price (or no image)
 * anywhere gets a review snippet, never a merchant listing Google finds incomplete.
 */
function injectJsonLd(product: Product, data: TPublicReviews): void {
  const catalogue = data.product;
  const image = catalogue?.image || product.image || null;
  const found = pageProduct();
  const node: Node = found ? found[2] : { '@context': 'https://schema.org', '@type': 'Product' };
  if (node.aggregateRating || node.review) return;
  const name = String(node.name || catalogue?.name || product.name);
  if (!found) {
    Object.assign(node, { '@id': product.url + '#product', name, url: product.url, sku: catalogue?.sku || undefined });
  }
  if (!node.image && image) node.image = image;
  const offer = price(catalogue);
  if (!node.offers && node.image && offer) {
    node.offers = { '@type': 'Offer', price: offer[0], priceCurrency: offer[1], url: product.url };
  }
  node.aggregateRating = {
    '@type': 'AggregateRating',
    ratingValue: data.average_rating,
    reviewCount: data.count,
    bestRating: 5,
    worstRating: 1,
  };
  // A review needs its author's name; reviews without one (erased) still count in the rating.
  node.review = data.results
    .filter((review) => review.customer_name)
    .slice(0, MAX_REVIEWS)
    .map((review) => reviewNode(review, name, image));
  const script = found ? found[0] : document.createElement('script');
  script.setAttribute('data-video-reviews-jsonld', found ? 'attached' : '');
  script.type = 'application/ld+json';
  script.textContent = serialize(found ? found[1] : node);
  if (!found) document.head.appendChild(script);
}

window.__vrJsonLd = injectJsonLd;
