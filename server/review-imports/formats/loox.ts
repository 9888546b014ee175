import { type ImportFormat, plainId, statusFrom, yes } from '../review-import-format.js';

/**
 * Loox: the columns of its "custom file" import template, which its export follows.
 * Source: Loox Help Center, "Importing reviews using a custom file"
 * (https://help.loox.io/support/solutions/articles/501000162508-importing-reviews-using-a-custom-file) as cited by a
 * public research note (github, "ReviewPort" CSV formats study): product_handle, product_Id, rating, author, email,
 * body, created_at, photo_url (up to 5, comma-separated), reply, replied_at, verified_purchase, incentivized; public
 * tools that write Loox files use the same header. The help page itself was not in the search index. `id` and
 * `status` (seen in Loox exports read by public code) are read when present; without `id` rows are keyed by a hash.
 */
export const loox: ImportFormat = {
  id: 'loox',
  signature: ['product_handle', 'rating', 'author', 'body', 'created_at'],
  columns: [
    'id',
    'product_handle',
    'product_Id',
    'rating',
    'author',
    'email',
    'body',
    'created_at',
    'photo_url',
    'reply',
    'replied_at',
    'verified_purchase',
    'incentivized',
    'status',
  ],
  slashDates: 'mdy',
  read: (cells) => ({
    sourceReviewId: cells('id'),
    product: { id: plainId(cells('product_id')), handle: cells('product_handle') },
    rating: cells('rating'),
    body: cells('body'),
    reviewerName: cells('author'),
    reviewerEmail: cells('email'),
    createdAt: cells('created_at'),
    verified: yes(cells('verified_purchase')),
    status: statusFrom(cells('status')),
    reply: { text: cells('reply'), createdAt: cells('replied_at') },
    media: [cells('photo_url')],
  }),
};
