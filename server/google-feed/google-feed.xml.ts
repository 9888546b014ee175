/**
 * Google's product reviews feed (schema 2.3, http://www.google.com/shopping/reviews/schema/product/2.3/product_reviews.xsd)
 * written as text, one review at a time, so a feed of any size streams in bounded memory. The escaping is ours: the
 * feed has a fixed shape and only text and attribute values vary, which `escapeXml` covers (no XML builder is a
 * dependency, and the maintained ones build a document in memory or need their streaming API around every value).
 */

/** Characters XML 1.0 cannot carry at all (C0 controls but tab and line breaks, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or an attribute value, escaped; characters XML cannot carry are dropped. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export interface FeedPublisher {
  name: string;
  favicon: string | null;
}

export interface FeedReview {
  id: string;
  reviewerName: string;
  createdAt: Date;
  content: string;
  rating: number;
  /** The page showing it among the product's other reviews. */
  reviewUrl: string;
  imageUrls: string[];
  collectionMethod: 'unsolicited' | 'post_fulfillment' | null;
  product: { name: string; url: string; sku: string | null };
}

const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

export function feedHead(aggregator: string, publisher: FeedPublisher): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<feed xmlns:vc="http://www.w3.org/2007/XMLSchema-versioning" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
    ' xsi:noNamespaceSchemaLocation="http://www.google.com/shopping/reviews/schema/product/2.3/product_reviews.xsd">\n' +
    `<version>2.3</version>\n<aggregator>${el('name', aggregator)}</aggregator>\n` +
    `<publisher>${el('name', publisher.name)}${publisher.favicon ? el('favicon', publisher.favicon) : ''}</publisher>\n`
  );
}

/** `<reviews>` must hold at least one review: the feed of a store with none has no `<reviews>` element. */
export const REVIEWS_OPEN = '<reviews>\n';
export const REVIEWS_CLOSE = '</reviews>\n';
export const FEED_CLOSE = '</feed>\n';

/** One `<review>`, its elements in the schema's order. */
export function feedReview(review: FeedReview): string {
  const anonymous = review.reviewerName.trim() === '';
  const name = anonymous
    ? '<name is_anonymous="true">Anonymous</name>'
    : `<name>${escapeXml(review.reviewerName)}</name>`;
  const images = review.imageUrls.length
    ? `<reviewer_images>${review.imageUrls.map((url) => `<reviewer_image>${el('url', url)}</reviewer_image>`).join('')}</reviewer_images>`
    : '';
  const { product } = review;
  const ids = product.sku ? `<product_ids><skus>${el('sku', product.sku)}</skus></product_ids>` : '';
  const productName = product.name.trim() ? el('product_name', product.name) : '';
  return (
    '<review>' +
    el('review_id', review.id) +
    `<reviewer>${name}</reviewer>` +
    el('review_timestamp', review.createdAt.toISOString()) +
    el('content', review.content) +
    `<review_url type="group">${escapeXml(review.reviewUrl)}</review_url>` +
    images +
    `<ratings><overall min="1" max="5">${review.rating}</overall></ratings>` +
    `<products><product>${ids}${productName}${el('product_url', product.url)}</product></products>` +
    (review.collectionMethod ? el('collection_method', review.collectionMethod) : '') +
    '</review>\n'
  );
}
