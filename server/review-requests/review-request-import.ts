import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { REQUEST_MAX_PRODUCTS, ZReviewRequestCreate } from '../../shared/review-requests.js';
import { ApiError } from '../common/api-error.js';

/** The CSV's columns (a header row names them, in any order; the four required ones must be there). */
export const IMPORT_COLUMNS = [
  'customer_email',
  'customer_name',
  'locale',
  'order_id',
  'product_id',
  'product_name',
  'product_url',
  'product_image_url',
] as const;
const REQUIRED_COLUMNS = ['customer_email', 'order_id', 'product_id', 'product_name'] as const;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

type Row = Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>;

/** One order's rows as one request, and the line of its first row (for the errors about it). */
export interface ImportGroup {
  line: number;
  lines: number[];
  request: z.output<typeof ZReviewRequestCreate>;
}

function notCsv(detail: string): ApiError {
  return ApiError.badRequest(detail, 'invalid_csv');
}

/**
 * Reads an import file: each row checked (bad ones reported by line with the reason), the rows of one order_id
 * grouped into one request. A file that is not CSV at all (binary, no header with the required columns) is refused
 * whole: nothing of it is scheduled.
 */
export function readImport(file: Buffer): { groups: ImportGroup[]; errors: Array<{ line: number; reason: string }> } {
  if (file.includes(0)) throw notCsv('The file is not a CSV file: it holds binary data.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw notCsv('The file is not a CSV file in UTF-8.');
  }
  let records: Array<{ record: Row; info: { lines: number } }>;
  let columns: string[] = [];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => (columns = header.map((name) => name.trim().toLowerCase())),
      skip_empty_lines: true,
      trim: true,
      info: true,
      relax_column_count: true,
      to: IMPORT_MAX_ROWS + 1,
    }) as Array<{ record: Row; info: { lines: number } }>;
  } catch (error) {
    throw notCsv(`The file could not be read as CSV: ${error instanceof Error ? error.message : 'malformed'}.`);
  }
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length) throw notCsv(`The first row must name the columns; missing: ${missing.join(', ')}.`);
  if (records.length > IMPORT_MAX_ROWS) throw notCsv(`At most ${IMPORT_MAX_ROWS.toLocaleString('en')} rows a file.`);

  const errors: Array<{ line: number; reason: string }> = [];
  const byOrder = new Map<string, ImportGroup>();
  for (const { record, info } of records) {
    const line = info.lines;
    const product = {
      id: record.product_id ?? '',
      name: record.product_name ?? '',
      url: record.product_url || null,
      image_url: record.product_image_url || null,
    };
    const parsed = ZReviewRequestCreate.safeParse({
      customer_email: record.customer_email ?? '',
      customer_name: record.customer_name ?? '',
      locale: record.locale || null,
      order_id: record.order_id ?? '',
      products: [product],
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.path[0] === 'products' ? `product_${String(issue.path[2] ?? 'id')}` : String(issue.path[0]);
      errors.push({ line, reason: `${field}: ${issue.message}` });
      continue;
    }
    const group = byOrder.get(parsed.data.order_id);
    if (!group) {
      byOrder.set(parsed.data.order_id, { line, lines: [line], request: parsed.data });
      continue;
    }
    if (group.request.customer_email.toLowerCase() !== parsed.data.customer_email.toLowerCase()) {
      errors.push({
        line,
        reason: `customer_email: order ${parsed.data.order_id} has another address on line ${group.line}.`,
      });
      continue;
    }
    if (group.request.products.some((item) => item.id === product.id)) {
      errors.push({ line, reason: `product_id: ${product.id} is already listed for this order.` });
      continue;
    }
    if (group.request.products.length >= REQUEST_MAX_PRODUCTS) {
      errors.push({ line, reason: `product_id: at most ${REQUEST_MAX_PRODUCTS} products an order.` });
      continue;
    }
    group.request.products.push(parsed.data.products[0]);
    group.lines.push(line);
  }
  return { groups: [...byOrder.values()], errors };
}
