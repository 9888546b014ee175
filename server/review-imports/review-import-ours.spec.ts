import { stringify } from 'csv-stringify/sync';
import { REVIEW_EXPORT_COLUMNS, type TReviewExportRow } from '../../shared/review-export.js';
import type { TImportedReview, TImportRowResult } from '../../shared/review-imports.js';
import { csvCells } from '../review-export/review-export-rows.js';
import { openImport } from './review-import-parse.js';

// Our own export read back: the file written exactly as server/review-export writes it (csvCells, a BOM, the columns
// in order) gives back every review as it was exported.

const NOW = new Date('2026-11-28T00:00:00Z');

function exported(n: number, fields: Partial<TReviewExportRow>): TReviewExportRow {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    created_at: new Date(Date.UTC(2025, 0, n, 9, 30, 15, 123)).toISOString(),
    status: 'approved',
    deleted_at: null,
    rating: 5,
    comment: 'Great',
    customer_name: 'Ana',
    customer_email: 'ana@example.com',
    verified_purchase: false,
    source: 'widget',
    product_id: 'prod-1',
    product_name: 'Glow Serum',
    product_sku: null,
    product_url: null,
    pinned: false,
    flags: [],
    reply: null,
    reply_created_at: null,
    video_url: null,
    photo_url: null,
    thumbnail_url: null,
    ...fields,
  };
}

const ROWS: TReviewExportRow[] = [
  exported(1, {
    comment: '=HYPERLINK("http://evil.example","click")',
    verified_purchase: true,
    product_sku: 'SKU-1',
    product_url: 'https://shop.example/products/glow',
    reply: '+1 from us, thank you!',
    reply_created_at: '2025-01-02T10:00:00.000Z',
    video_url: 'https://media.example/v.mp4?expires=1&signature=a%2Bb',
    photo_url: 'https://media.example/p.jpg?expires=1&signature=c',
    thumbnail_url: 'https://media.example/t.jpg?expires=1&signature=d',
  }),
  exported(2, {
    comment: '-5 stars\nwould be too few, "honestly"',
    status: 'rejected',
    rating: 1,
    flags: ['profanity', 'link'],
  }),
  exported(3, { comment: '@team\tthanks', customer_name: '=Zoë Núñez', status: 'pending', rating: 3 }),
  exported(4, { comment: '\tstarts with a tab', customer_name: "O'Brien", rating: 4, pinned: true }),
  exported(5, { comment: '', video_url: 'https://media.example/only-video.mp4', rating: 2, product_name: 'Cup, blue' }),
  exported(6, { comment: 'Émoji 🎉 and ñ, ü, 漢字', customer_email: '', customer_name: '' }),
  exported(7, { comment: 'Gone', deleted_at: '2025-02-01T00:00:00.000Z' }),
];

/** What the import should give back for an exported row. */
function expected(row: TReviewExportRow): TImportedReview {
  return {
    source: 'ours',
    sourceReviewId: row.id,
    key: `ours:${row.id}`,
    productRef: {
      id: row.product_id,
      ...(row.product_sku ? { sku: row.product_sku } : {}),
      ...(row.product_name ? { name: row.product_name } : {}),
      ...(row.product_url ? { url: row.product_url } : {}),
    },
    rating: row.rating,
    body: row.comment,
    reviewerName: row.customer_name,
    ...(row.customer_email ? { reviewerEmail: row.customer_email } : {}),
    createdAt: new Date(row.created_at),
    verified: row.verified_purchase,
    status: row.status as TImportedReview['status'],
    ...(row.reply ? { reply: { text: row.reply, createdAt: new Date(row.reply_created_at!) } } : {}),
    mediaUrls: [row.video_url, row.photo_url].filter((url): url is string => url !== null),
  };
}

describe('our own export, read back', () => {
  it('gives back every review as exported (apostrophes taken off, lists, BOM, quotes, new lines)', async () => {
    const csv = stringify(ROWS.map(csvCells), { header: true, columns: [...REVIEW_EXPORT_COLUMNS], bom: true });
    expect(csv.startsWith('\uFEFFid,created_at,')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK`);
    const opened = await openImport(Buffer.from(csv, 'utf8'), NOW);
    expect(opened.format.id).toBe('ours');
    const rows: TImportRowResult[] = [];
    for await (const row of opened.rows) rows.push(row);
    const live = ROWS.filter((row) => row.deleted_at === null);
    expect(rows.filter((row) => row.ok)).toEqual(
      live.map((row, i) => ({ row: i + 2, ok: true, review: expected(row) })),
    );
    expect(rows.at(-1)).toEqual({ row: 8, ok: false, reason: 'deleted', detail: 'The review was deleted.' });
  });

  it("keeps an apostrophe the customer typed (one not put there by the export's escaping)", async () => {
    const csv = stringify([exported(1, { comment: "'Tis the season" })].map(csvCells), {
      header: true,
      columns: [...REVIEW_EXPORT_COLUMNS],
      bom: true,
    });
    const opened = await openImport(Buffer.from(csv), NOW);
    const { value: row } = await opened.rows.next();
    expect(row).toMatchObject({ ok: true, review: { body: "'Tis the season" } });
  });
});
