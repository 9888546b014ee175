import { type ImportFormat, plainId, statusFrom, yes } from '../review-import-format.js';

/**
 * Yotpo: its reviews export, with spreadsheet-style headers ("Review Content", "Review Score").
 * Sources (documentation is thin): Yotpo Support, "Importing Reviews to Yotpo"
 * (https://support.yotpo.com/docs/importing-reviews-to-yotpo), as cited by a public research note (github,
 * "ReviewPort" CSV formats study): Product ID, Date, Review Content, Review Score, Email, Customer Country required,
 * Published / Unpublished Image URLs and Published Video URLs; Yotpo matches columns by name, not order. Yotpo's
 * "Viewing and Sorting Reviews" page (support.yotpo.com/v1/docs/viewing-and-sorting-reviews) names the review's
 * parts: star rating, title, content, media, product, user name, email, source, comments. Review ID, Review Title,
 * Display Name, Product Title/URL, Review Status, Verified Purchase and Comment Content are read under the names
 * public code uses for Yotpo exports; they are not confirmed by a Yotpo page in the index. Unpublished images are
 * left out (the merchant had not approved them).
 */
export const yotpo: ImportFormat = {
  id: 'yotpo',
  signature: ['review_content', 'review_score'],
  columns: [
    'Review ID',
    'Review Type',
    'Review Status',
    'Review Title',
    'Review Content',
    'Review Score',
    'Date',
    'Product ID',
    'Product Title',
    'Product URL',
    'Display Name',
    'Email',
    'Customer Country',
    'Verified Purchase',
    'Comment Content',
    'Comment Date',
    'Published Image URLs',
    'Unpublished Image URLs',
    'Published Video URLs',
  ],
  slashDates: 'mdy',
  read: (cells) => ({
    sourceReviewId: cells('review_id'),
    product: {
      id: plainId(cells('product_id')),
      name: cells('product_title', 'product_name'),
      url: cells('product_url'),
    },
    rating: cells('review_score'),
    title: cells('review_title'),
    body: cells('review_content'),
    reviewerName: cells('display_name', 'reviewer_display_name', 'user_name'),
    reviewerEmail: cells('email', 'user_email'),
    createdAt: cells('date', 'review_date', 'created_at'),
    verified: yes(cells('verified_purchase', 'verified_buyer')),
    status: statusFrom(cells('review_status', 'published')),
    reply: { text: cells('comment_content', 'comment'), createdAt: cells('comment_date') },
    media: [cells('published_image_urls'), cells('published_video_urls')],
  }),
};
