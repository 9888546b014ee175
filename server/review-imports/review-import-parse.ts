import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { type CsvError, parse } from 'csv-parse';
import { REPLY_MAX_LENGTH } from '../../shared/constants.js';
import type { TImportedReview, TImportRowResult, TReviewImportSkipReason } from '../../shared/review-imports.js';
import { COMMENT_MAX_LENGTH, CUSTOMER_NAME_MAX_LENGTH } from '../../shared/reviews.js';
import { ApiError } from '../common/api-error.js';
import { isStorable } from '../common/storable-text.js';
import { type Cells, headerKey, type ImportFormat, type RawReview } from './review-import-format.js';
import { detectFormat } from './review-import-formats.js';
import { handleFromUrl, readDate, readMediaUrls, readRating } from './review-import-values.js';

/** A record longer than this (characters) is not a review export: the parse stops instead of holding it. */
const MAX_RECORD_CHARS = 1_000_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ImportInput = Buffer | Readable | AsyncIterable<Buffer | string>;

export interface OpenedImport {
  format: ImportFormat;
  /** The data rows, read as they are pulled: a large file is never held whole. */
  rows: AsyncGenerator<TImportRowResult>;
}

function invalidCsv(error: unknown): ApiError {
  const csv = error as Partial<CsvError>;
  const where = typeof csv.lines === 'number' ? ` near line ${csv.lines}` : '';
  return ApiError.badRequest(`The file could not be read as CSV${where}: ${csv.message ?? 'malformed'}`, 'invalid_csv');
}

/** The bytes read before the delimiter is chosen: the header row, or this much of it. */
const HEAD_BYTES = 64 * 1024;

/**
 * The header row's delimiter: a comma, or a semicolon or tab where the file has more of those than commas outside
 * quotes (spreadsheets save "CSV" with semicolons in locales whose decimal separator is a comma).
 */
export function sniffDelimiter(head: string): ',' | ';' | '\t' {
  const line = head
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)[0]
    .replace(/"[^"]*"/g, '');
  const count = (delimiter: string) => line.split(delimiter).length - 1;
  const [best] = ([',', ';', '\t'] as const).map((d) => [d, count(d)] as const).sort((a, b) => b[1] - a[1]);
  return best[1] > count(',') ? best[0] : ',';
}

/**
 * Reads an import file's header, recognises the format (400 `unknown_import_format` / `ambiguous_import_format` when
 * it cannot), and hands back its rows as a stream of normalised reviews or skip reasons. A BOM is taken off, the
 * delimiter is the header's (comma, semicolon or tab); a file that stops being CSV part way ends the rows with a 400
 * `invalid_csv`.
 */
export async function openImport(input: ImportInput, now = new Date()): Promise<OpenedImport> {
  const source = Buffer.isBuffer(input)
    ? Readable.from([input])
    : input instanceof Readable
      ? input
      : Readable.from(input);
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  let head = Buffer.alloc(0);
  while (!head.includes(10) && head.length < HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    head = Buffer.concat([head, Buffer.from(next.value)]);
  }
  const delimiter = sniffDelimiter(head.toString('utf8'));
  const parser = parse({ bom: true, delimiter, relax_column_count: true, max_record_size: MAX_RECORD_CHARS });
  const body = Readable.from(
    (async function* () {
      yield head;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield Buffer.from(next.value);
    })(),
  );
  body.on('error', (error) => parser.destroy(error));
  body.pipe(parser);
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const close = () => {
    parser.destroy();
    body.destroy();
    source.destroy();
  };
  let first: IteratorResult<string[]>;
  try {
    first = await records.next();
  } catch (error) {
    close();
    throw invalidCsv(error);
  }
  if (first.done || first.value.join('').includes('\0')) {
    close();
    throw ApiError.badRequest('The file is empty or is not a CSV file.', 'invalid_csv');
  }
  let format: ImportFormat;
  try {
    format = detectFormat(first.value);
  } catch (error) {
    close();
    throw error;
  }
  const columns = new Map<string, number>();
  first.value.forEach((name, index) => {
    if (!columns.has(headerKey(name))) columns.set(headerKey(name), index);
  });
  return { format, rows: readRows(records, close, format, columns, now) };
}

/** The rows of an import file, normalised (see `openImport`). */
export async function* parseImport(input: ImportInput, now = new Date()): AsyncGenerator<TImportRowResult> {
  yield* (await openImport(input, now)).rows;
}

/** The data rows; stopping early (a preview reads 20) or failing closes the file. */
async function* readRows(
  records: AsyncIterator<string[]>,
  close: () => void,
  format: ImportFormat,
  columns: Map<string, number>,
  now: Date,
): AsyncGenerator<TImportRowResult> {
  // Formats ask for cells by name, many times a row: each name is looked up in the header once.
  const indexes = new Map<string, number | undefined>();
  const indexOf = (name: string) => {
    if (!indexes.has(name)) indexes.set(name, columns.get(headerKey(name)));
    return indexes.get(name);
  };
  let row = 1;
  try {
    for (;;) {
      let next: IteratorResult<string[]>;
      try {
        next = await records.next();
      } catch (error) {
        throw invalidCsv(error);
      }
      if (next.done) return;
      row += 1;
      const record = next.value;
      if (record.every((cell) => cell.trim() === '')) continue;
      const cells: Cells = (...names) => {
        for (const name of names) {
          const index = indexOf(name);
          const value = index === undefined ? '' : (record[index] ?? '').trim();
          if (value) return format.unescape ? format.unescape(value) : value;
        }
        return '';
      };
      yield normalise(row, format, format.read(cells), now);
    }
  } finally {
    close();
  }
}

function skip(row: number, reason: TReviewImportSkipReason, detail: string): TImportRowResult {
  return { row, ok: false, reason, detail };
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
const orUndefined = (text: string | undefined) => text || undefined;

/** The checks every format shares, and the row as the import will take it. */
export function normalise(row: number, format: ImportFormat, raw: RawReview, now = new Date()): TImportRowResult {
  if (raw.skip) return skip(row, raw.skip, raw.skip === 'deleted' ? 'The review was deleted.' : 'Not importable.');
  const rating = readRating(raw.rating);
  if ('error' in rating) {
    const details = {
      missing_rating: 'The rating is empty.',
      bad_rating: `The rating "${raw.rating}" is not a whole number of stars.`,
      rating_out_of_range: `The rating ${raw.rating} is not from 1 to 5.`,
    };
    return skip(row, rating.error, details[rating.error]);
  }
  const product = {
    id: orUndefined(raw.product.id),
    handle: orUndefined(raw.product.handle),
    sku: orUndefined(raw.product.sku),
    name: orUndefined(raw.product.name),
    url: orUndefined(raw.product.url),
  };
  // A product link is the last resort: its handle, when the file names no id, handle or SKU.
  if (!product.id && !product.sku) product.handle ??= handleFromUrl(product.url);
  if (!product.id && !product.handle && !product.sku) {
    return skip(row, 'missing_product', 'No product id, handle or SKU: a store review, or the product is missing.');
  }
  const createdAt = readDate(raw.createdAt, format.slashDates, now);
  if (!createdAt) {
    return skip(
      row,
      'bad_date',
      raw.createdAt ? `"${raw.createdAt}" is not a date we can read.` : 'The date is empty.',
    );
  }
  const mediaUrls = readMediaUrls(raw.media);
  const title = orUndefined(raw.title);
  if (!raw.body && !title && mediaUrls.length === 0) return skip(row, 'empty_review', 'No text, title or media.');
  const replyText = raw.reply?.text ?? '';
  if (raw.body.length > COMMENT_MAX_LENGTH || replyText.length > REPLY_MAX_LENGTH) {
    return skip(
      row,
      'too_long',
      `A review holds at most ${COMMENT_MAX_LENGTH} characters, a reply ${REPLY_MAX_LENGTH}.`,
    );
  }
  const texts = [raw.body, title ?? '', raw.reviewerName, replyText];
  if (!texts.every(isStorable)) return skip(row, 'invalid_text', 'The text holds a NUL character or broken UTF-16.');
  const replyDate = raw.reply?.createdAt ? readDate(raw.reply.createdAt, format.slashDates, now) : null;
  const sourceReviewId = orUndefined(raw.sourceReviewId) ?? null;
  const review: Omit<TImportedReview, 'key'> = {
    source: format.id,
    sourceReviewId,
    productRef: Object.fromEntries(Object.entries(product).filter(([, value]) => value !== undefined)),
    rating: rating.rating,
    ...(title ? { title } : {}),
    body: raw.body,
    reviewerName: clip(raw.reviewerName, CUSTOMER_NAME_MAX_LENGTH),
    ...(raw.reviewerEmail && EMAIL.test(raw.reviewerEmail) ? { reviewerEmail: raw.reviewerEmail.toLowerCase() } : {}),
    createdAt,
    verified: raw.verified,
    status: raw.status,
    ...(replyText ? { reply: { text: replyText, ...(replyDate ? { createdAt: replyDate } : {}) } } : {}),
    mediaUrls,
  };
  return { row, ok: true, review: { ...review, key: importKey(review) } };
}

/**
 * What makes a re-import add nothing: the app and its review id, or — for apps whose export has no id — a SHA-256 of
 * what identifies the review (product, rating, title, text, reviewer, date). Status, reply and media stay out of the
 * hash, so a review the old app replied to between two exports is still the same review.
 */
export function importKey(review: Omit<TImportedReview, 'key'>): string {
  if (review.sourceReviewId) return `${review.source}:${review.sourceReviewId}`;
  const { id, handle, sku } = review.productRef;
  const identity = [
    id ?? '',
    handle ?? '',
    sku ?? '',
    review.rating,
    review.title ?? '',
    review.body,
    review.reviewerName,
    review.reviewerEmail ?? '',
    review.createdAt.toISOString(),
  ];
  return `${review.source}:sha256:${createHash('sha256').update(JSON.stringify(identity)).digest('hex')}`;
}
