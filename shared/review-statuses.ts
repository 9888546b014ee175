// Review statuses and list filters, without zod: the dashboard imports these, not the schemas.

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TReviewStatus = (typeof REVIEW_STATUSES)[number];
/** The list filter adds `deleted` (soft-deleted reviews, DESIGN §6.2). */
export const REVIEW_FILTERS = [...REVIEW_STATUSES, 'deleted'] as const;
export type TReviewFilter = (typeof REVIEW_FILTERS)[number];
/** Where a review's uploaded media are: re-encoded after the upload (`processing`), shown (`ready`), or undecodable. */
export const MEDIA_STATES = ['processing', 'ready', 'failed'] as const;
export type TMediaState = (typeof MEDIA_STATES)[number];
/** Where a review came from: the storefront widget, the dashboard, an import, or a review request's page. */
export const REVIEW_SOURCES = ['widget', 'dashboard', 'import', 'request'] as const;
export type TReviewSource = (typeof REVIEW_SOURCES)[number];
