import type { TPublicReview, TPublicReviews } from '../../shared/storefront.js';
import { pageProduct } from './platform/page-product.js';
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
 * schema.org markup for review snippets and video results: aggregateRating and up to 10 reviews (VideoObject for
 * videos). When the theme already describes the product (every Shopify theme does), they are added to that very
 * node, so the page keeps one Product with the theme's @id and url; otherwise the widget publishes a Product of its
 * own from the catalogue (image, price) and the page. A product another app has already rated is left alone.
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
  if (!node.offers && catalogue?.price) {
    node.offers = {
      '@type': 'Offer',
      price: catalogue.price,
      priceCurrency: catalogue.currency,
      url: product.url,
    };
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
