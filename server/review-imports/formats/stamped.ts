import { type ImportFormat, plainId, statusFrom, yes } from '../review-import-format.js';

/**
 * Stamped: its reviews import template (product columns first), which its export follows.
 * Sources (documentation is thin): Stamped Help Center, "Managing Reviews: Import reviews into Stamped"
 * (https://stampedsupport.stamped.io/hc/en-us/articles/8839367004443-Managing-Reviews-Import-reviews-into-Stamped),
 * as cited by a public research note (github, "ReviewPort" CSV formats study): product id, productUrl,
 * productImageUrl, productTitle, rating, author, body and created_at required; up to 3 images and 1 video; dates
 * YYYY-MM-DD HH:MM:SS. The remaining names (productHandle, productSKU, title, email, location, reply, replyDate,
 * verifiedBuyer, published, reviewId, imageUrls, videoUrl) are this project's reading of that template and were not
 * confirmed against a Stamped page in the search index; several spellings are accepted for each.
 */
export const stamped: ImportFormat = {
  id: 'stamped',
  signature: ['productId', 'productTitle', 'productImageUrl', 'rating', 'author', 'body'],
  columns: [
    'reviewId',
    'productId',
    'productTitle',
    'productUrl',
    'productImageUrl',
    'productHandle',
    'productSKU',
    'rating',
    'title',
    'author',
    'email',
    'location',
    'body',
    'reply',
    'replyDate',
    'created_at',
    'verifiedBuyer',
    'published',
    'imageUrls',
    'videoUrl',
  ],
  slashDates: 'mdy',
  read: (cells) => ({
    sourceReviewId: cells('reviewId', 'review_id', 'id'),
    product: {
      id: plainId(cells('productId')),
      handle: cells('productHandle'),
      sku: cells('productSKU', 'sku'),
      name: cells('productTitle'),
      url: cells('productUrl'),
    },
    rating: cells('rating', 'reviewRating'),
    title: cells('title', 'reviewTitle'),
    body: cells('body', 'reviewMessage'),
    reviewerName: cells('author'),
    reviewerEmail: cells('email'),
    createdAt: cells('created_at', 'dateCreated', 'reviewDate'),
    verified: yes(cells('verifiedBuyer', 'verified', 'verifiedType')),
    status: statusFrom(cells('published', 'status', 'reviewState')),
    reply: { text: cells('reply', 'replyMessage'), createdAt: cells('replyDate', 'replied_at') },
    media: [cells('imageUrls', 'photos', 'images'), cells('videoUrl', 'videoUrls', 'videos')],
  }),
};
