import { type ImportFormat, plainId, statusFrom, yes } from '../review-import-format.js';

/**
 * Okendo: the columns of its import template, which its export follows.
 * Sources: Okendo Help Center, "Importing Reviews Using the Okendo Import Template"
 * (https://support.okendo.io/en/articles/2057320-importing-reviews-using-the-okendo-import-template): required name,
 * body, rating, dateCreated and one of handle / productId / sku; additional countryCode, email, imageUrls…; the full
 * header (…isApproved, isIncentivized, isRecommended, rejectedImageUrls, reply, replyDateCreated, replyIsPublic,
 * title, videoUrls, isVerifiedBuyer, variantId, status) as the same template is cited by a public research note
 * (github, "ReviewPort" CSV formats study). `reviewId` is read when present (exports); without it rows are keyed by
 * a hash. A reply marked not public is left out, and rejected images are not imported.
 */
export const okendo: ImportFormat = {
  id: 'okendo',
  signature: ['name', 'body', 'rating', 'dateCreated'],
  columns: [
    'reviewId',
    'name',
    'body',
    'handle',
    'productId',
    'rating',
    'sku',
    'dateCreated',
    'countryCode',
    'email',
    'imageUrls',
    'isApproved',
    'isIncentivized',
    'isRecommended',
    'rejectedImageUrls',
    'reply',
    'replyDateCreated',
    'replyIsPublic',
    'title',
    'videoUrls',
    'isVerifiedBuyer',
    'variantId',
    'status',
  ],
  slashDates: 'mdy',
  read: (cells) => {
    const replyIsPublic = cells('replyIsPublic');
    const approved = cells('isApproved');
    return {
      sourceReviewId: cells('reviewId'),
      product: { id: plainId(cells('productId')), handle: cells('handle'), sku: cells('sku') },
      rating: cells('rating'),
      title: cells('title'),
      body: cells('body'),
      reviewerName: cells('name'),
      reviewerEmail: cells('email'),
      createdAt: cells('dateCreated'),
      verified: yes(cells('isVerifiedBuyer')),
      status: cells('status') ? statusFrom(cells('status')) : approved && !yes(approved) ? 'pending' : 'approved',
      reply:
        replyIsPublic && !yes(replyIsPublic)
          ? undefined
          : { text: cells('reply'), createdAt: cells('replyDateCreated') },
      media: [cells('imageUrls'), cells('videoUrls')],
    };
  },
};
