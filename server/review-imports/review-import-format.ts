import type { TReviewStatus } from '../../shared/review-statuses.js';
import type { TImportProductRef, TReviewImportFormat, TReviewImportSkipReason } from '../../shared/review-imports.js';

/** A header cell compared as `reviewer_name`, `Reviewer Name` and `reviewerName` alike. */
export function headerKey(name: string): string {
  return name.toLowerCase().replace(/[\s_\-.]+/g, '');
}

/** A row's cells by header name: the first of the names given whose cell is not empty, trimmed ('' if none). */
export type Cells = (...names: string[]) => string;

/** A row as a format reads it, before the checks every format shares (rating, date, product, text). */
export interface RawReview {
  sourceReviewId?: string;
  product: TImportProductRef;
  rating: string;
  title?: string;
  body: string;
  reviewerName: string;
  reviewerEmail?: string;
  createdAt: string;
  verified: boolean;
  status: TReviewStatus;
  reply?: { text: string; createdAt?: string };
  /** Cells holding media links, each with one or more links (separated by commas, pipes, spaces). */
  media: string[];
  /** A reason known from the format alone (e.g. a deleted review in our own export). */
  skip?: TReviewImportSkipReason;
}

/** One app's CSV export: how to recognise its header and how to read a row. One file per app. */
export interface ImportFormat {
  id: TReviewImportFormat;
  /** Header names (compared by `headerKey`) that must all be there for the file to be this format. */
  signature: string[];
  /** Every column the format documents, in its order: detection prefers the format that knows more of the header. */
  columns: string[];
  /** How the app writes a date with slashes: 03/04/2024 is 3 April (dmy) or 4 March (mdy). */
  slashDates: 'dmy' | 'mdy';
  /** Undoes what the app did to a cell on export (ours: the apostrophe before a formula-like value). */
  unescape?: (value: string) => string;
  read(cells: Cells): RawReview;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'verified', 'verifiedbuyer', 'verifiedpurchase', 'buyer', 'x']);

/** A yes/no cell: true only for an explicit yes (true, yes, 1, verified buyer…), anything else is no. */
export function yes(value: string): boolean {
  return TRUE_WORDS.has(headerKey(value));
}

/** A Shopify GraphQL id (gid://shopify/Product/123) as the plain id the REST API and our catalogue use. */
export function plainId(value: string): string {
  return value.replace(/^gid:\/\/[^/]+\/[^/]+\//i, '');
}

/**
 * The status a review had in the app: published ones come in approved; hidden, spam or rejected ones rejected; the rest
 * (unpublished, awaiting curation) pending, so nothing the old app kept off the store goes live by importing it.
 */
export function statusFrom(value: string, fallback: TReviewStatus = 'approved'): TReviewStatus {
  const word = headerKey(value);
  if (!word) return fallback;
  if (['approved', 'published', 'active', 'ok', 'true', 'yes', 'enabled', 'enable', '1'].includes(word))
    return 'approved';
  if (['rejected', 'hidden', 'spam', 'archived'].includes(word)) return 'rejected';
  return 'pending';
}
