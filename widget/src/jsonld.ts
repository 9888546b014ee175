import type { TPublicReviews } from '../../shared/storefront.js';
import type { Product } from './types.js';

/**
 * schema.org Product with aggregateRating and up to 10 reviews (VideoObject for videos), for review snippets;
 * skipped when the theme already describes the product.
 */
export function injectJsonLd(product: Product, data: TPublicReviews): void {
  if (!data.count) return;
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    if ((script.textContent || '').includes('"Product"')) return;
  }
  const value = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: product.image || undefined,
    url: product.url,
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: data.average_rating,
      reviewCount: data.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: data.results.slice(0, 10).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.customer_name },
      datePublished: review.created_at.slice(0, 10),
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5 },
      reviewBody: review.comment,
      video: review.video_url
        ? {
            '@type': 'VideoObject',
            name: review.customer_name + ' · ' + product.name,
            description: review.comment || product.name,
            thumbnailUrl: review.thumbnail_url || product.image || undefined,
            contentUrl: review.video_url,
            uploadDate: review.created_at,
          }
        : undefined,
    })),
  };
  const script = document.createElement('script');
  script.type = 'application/ld+json';
  script.setAttribute('data-video-reviews', '');
  script.textContent = JSON.stringify(value).replace(/</g, '\\u003c');
  document.head.appendChild(script);
}
