import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  REVIEW_IMPORT_FORMATS,
  type TImportedReview,
  type TImportRowResult,
  type TReviewImportFormat,
  type TReviewImportSkipReason,
  ZImportedReview,
} from '../../shared/review-imports.js';
import type { ApiError } from '../common/api-error.js';
import { normalise, openImport, sniffDelimiter } from './review-import-parse.js';
import { IMPORT_FORMATS } from './review-import-formats.js';

const NOW = new Date('2026-11-28T00:00:00Z');
const FIXTURES = join(process.cwd(), 'test/fixtures/imports');
const d = (iso: string) => new Date(iso);

type Expected = [row: number, Omit<TImportedReview, 'key' | 'source'> | TReviewImportSkipReason];

async function parseFixture(name: TReviewImportFormat) {
  const opened = await openImport(readFileSync(join(FIXTURES, `${name}.csv`)), NOW);
  const rows: TImportRowResult[] = [];
  for await (const row of opened.rows) rows.push(row);
  return { format: opened.format.id, rows };
}

/** The file's rows as [row, review or skip reason]; keys are checked apart. */
function shape(rows: TImportRowResult[]): Expected[] {
  return rows.map((result) => {
    if (!result.ok) return [result.row, result.reason];
    const { key: _key, source: _source, ...review } = result.review;
    return [result.row, review];
  });
}

const base = { sourceReviewId: null, verified: false, status: 'approved' as const, mediaUrls: [] as string[] };

const EXPECTED: Record<TReviewImportFormat, Expected[]> = {
  judgeme: [
    [
      2,
      {
        ...base,
        productRef: { id: '7012345678', handle: 'glow-serum' },
        rating: 5,
        title: 'Great serum',
        body: 'Soaks in fast, no stickiness.',
        reviewerName: 'Camille Rousseau',
        reviewerEmail: 'camille@example.com',
        createdAt: d('2025-03-02T00:00:00Z'),
        reply: { text: 'Thank you, Camille!', createdAt: d('2025-03-05T00:00:00Z') },
        mediaUrls: ['https://judgeme.imgix.net/shop/a.jpg', 'https://judgeme.imgix.net/shop/b.jpg'],
      },
    ],
    [
      3,
      {
        ...base,
        productRef: { id: '7012345678', handle: 'glow-serum' },
        rating: 4,
        title: 'Très bien',
        body: 'Texture légère.\nJe rachèterai.',
        reviewerName: 'Zoë Núñez',
        reviewerEmail: 'zoe@example.com',
        createdAt: d('2025-01-10T08:30:00Z'),
      },
    ],
    [4, 'missing_rating'],
    [5, 'rating_out_of_range'],
    [6, 'missing_product'],
    [
      7,
      {
        ...base,
        status: 'rejected',
        productRef: { id: '7012345679', handle: 'night-cream' },
        rating: 5,
        title: 'Spam',
        body: 'Buy cheap watches here',
        reviewerName: 'Bot',
        reviewerEmail: 'bot@example.com',
        createdAt: d('2025-01-13T00:00:00Z'),
      },
    ],
    [8, 'empty_review'],
    [9, 'bad_date'],
    [
      10,
      {
        ...base,
        status: 'pending',
        productRef: { handle: 'night-cream' },
        rating: 4,
        title: 'Waiting',
        body: 'Curation pending',
        reviewerName: 'Ivo',
        createdAt: d('2025-01-14T00:00:00Z'),
      },
    ],
  ],
  loox: [
    [
      2,
      {
        ...base,
        productRef: { id: '8123', handle: 'robe-ete' },
        rating: 5,
        body: 'Parfaite, taille bien.',
        reviewerName: 'Julie Martin',
        reviewerEmail: 'julie@example.com',
        createdAt: d('2024-11-05T00:00:00Z'),
        verified: true,
        reply: { text: 'Merci Julie !', createdAt: d('2024-11-06T00:00:00Z') },
        mediaUrls: ['https://images.loox.io/uploads/x1.jpg', 'https://images.loox.io/uploads/x2.jpg'],
      },
    ],
    [
      3,
      {
        ...base,
        productRef: { handle: 'robe-ete' },
        rating: 4,
        body: 'Bien mais "petit" un peu',
        reviewerName: 'Nora B',
        createdAt: d('2024-11-25T00:00:00Z'),
      },
    ],
    [4, 'rating_out_of_range'],
    [5, 'missing_product'],
    [
      6,
      {
        ...base,
        productRef: { id: '8124', handle: 'robe-hiver' },
        rating: 3,
        body: 'Ça va',
        reviewerName: 'Ömer',
        createdAt: d('2024-10-02T09:15:00Z'),
        verified: true,
      },
    ],
    [7, 'bad_rating'],
    [8, 'bad_date'],
  ],
  yotpo: [
    [
      2,
      {
        ...base,
        sourceReviewId: '351001',
        productRef: { id: '9001', name: 'Leather Bag, brown', url: 'https://shop.example/products/leather-bag' },
        rating: 5,
        title: 'Love it',
        body: 'Fits well, great color.',
        reviewerName: 'Ana L.',
        reviewerEmail: 'ana@example.com',
        createdAt: d('2025-03-15T00:00:00Z'),
        verified: true,
        reply: { text: 'Thanks, Ana!', createdAt: d('2025-03-16T00:00:00Z') },
        mediaUrls: [
          'https://cdn-yotpo-images-production.yotpo.com/Review/1/a.jpg',
          'https://cdn-yotpo-images-production.yotpo.com/Review/1/b.jpg',
          'https://cdn.example/v.mp4',
        ],
      },
    ],
    [
      3,
      {
        ...base,
        sourceReviewId: '351002',
        status: 'pending',
        productRef: {
          handle: 'leather-bag',
          name: 'Leather Bag',
          url: 'https://shop.example/products/leather-bag?variant=1',
        },
        rating: 3,
        title: 'Meh',
        body: "It's OK",
        reviewerName: 'Bob',
        createdAt: d('2025-03-16T00:00:00Z'),
      },
    ],
    [4, 'missing_product'],
    [5, 'empty_review'],
    [
      6,
      {
        ...base,
        sourceReviewId: '351005',
        status: 'rejected',
        productRef: { id: '9002', name: 'Belt' },
        rating: 1,
        title: 'Angry',
        body: 'Terrible!!!',
        reviewerName: 'Dee',
        reviewerEmail: 'dee@example.com',
        createdAt: d('2025-03-19T00:00:00Z'),
        verified: true,
      },
    ],
    [7, 'bad_rating'],
  ],
  okendo: [
    [
      2,
      {
        ...base,
        productRef: { id: '555', handle: 'bougie-figue' },
        rating: 4,
        title: 'Lovely',
        body: 'Odeur agréable, tient longtemps.',
        reviewerName: 'Zoé',
        reviewerEmail: 'zoe@example.com',
        createdAt: d('2025-01-31T23:00:00Z'),
        verified: true,
        reply: { text: 'Thanks Zoé', createdAt: d('2025-02-02T00:00:00Z') },
        mediaUrls: [
          'https://d3hw6dc1ow8pp2.cloudfront.net/a.jpg',
          'https://d3hw6dc1ow8pp2.cloudfront.net/b.jpg',
          'https://d3hw6dc1ow8pp2.cloudfront.net/v.mp4',
        ],
      },
    ],
    [
      3,
      {
        ...base,
        status: 'pending',
        productRef: { sku: 'CANDLE-01' },
        rating: 5,
        body: 'Only a SKU here',
        reviewerName: 'Sam',
        createdAt: d('2025-02-14T00:00:00Z'),
      },
    ],
    [4, 'bad_date'],
    [
      5,
      {
        ...base,
        productRef: { handle: 'bougie-figue' },
        rating: 5,
        body: 'Anonymous but fine',
        reviewerName: '',
        createdAt: d('2025-02-20T00:00:00Z'),
      },
    ],
    [6, 'rating_out_of_range'],
    [
      7,
      {
        ...base,
        status: 'rejected',
        productRef: { handle: 'bougie-figue' },
        rating: 2,
        body: 'Rejected one',
        reviewerName: 'Neg',
        createdAt: d('2025-02-21T00:00:00Z'),
      },
    ],
  ],
  stamped: [
    [
      2,
      {
        ...base,
        sourceReviewId: '9001001',
        productRef: {
          id: '6543210987',
          handle: 'organic-tee',
          sku: 'TEE-ORG-M',
          name: 'Tee, organic cotton',
          url: 'https://shop.example/products/organic-tee',
        },
        rating: 5,
        title: 'Soft',
        body: 'Muy suave; lavado sin problemas.',
        reviewerName: 'María José',
        reviewerEmail: 'maria@example.com',
        createdAt: d('2025-04-01T18:30:00Z'),
        verified: true,
        reply: { text: '¡Gracias!', createdAt: d('2025-04-02T09:00:00Z') },
        mediaUrls: [
          'https://stamped.io/uploads/photos/a.jpg',
          'https://stamped.io/uploads/photos/b.jpg',
          'https://stamped.io/uploads/photos/c.jpg',
          'https://stamped.io/uploads/videos/v.mp4',
        ],
      },
    ],
    [3, 'missing_rating'],
    [4, 'missing_product'],
    [5, 'bad_date'],
    [
      6,
      {
        ...base,
        sourceReviewId: '9001005',
        status: 'pending',
        productRef: {
          id: '6543210988',
          handle: 'hoodie',
          sku: 'HOOD-L',
          name: 'Hoodie',
          url: 'https://shop.example/products/hoodie',
        },
        rating: 4,
        title: 'Warm',
        body: 'Warm enough',
        reviewerName: 'Ann',
        createdAt: d('2025-04-05T12:00:00Z'),
      },
    ],
  ],
  ours: [
    [
      2,
      {
        ...base,
        sourceReviewId: '3f1c2a9e-0000-4000-8000-000000000001',
        productRef: {
          id: 'prod-1',
          sku: 'SKU-1',
          name: 'Glow Serum, 30 ml',
          url: 'https://shop.example/products/glow',
        },
        rating: 5,
        body: '=SUM(A1) is my favourite formula',
        reviewerName: 'Ana',
        reviewerEmail: 'ana@example.com',
        createdAt: d('2025-05-01T10:00:00.000Z'),
        verified: true,
        reply: { text: 'Thanks!', createdAt: d('2025-05-02T10:00:00.000Z') },
        mediaUrls: ['https://media.example/v.mp4?sig=1', 'https://media.example/p.jpg?sig=2'],
      },
    ],
    [
      3,
      {
        ...base,
        sourceReviewId: '3f1c2a9e-0000-4000-8000-000000000002',
        status: 'pending',
        productRef: {
          id: 'prod-1',
          sku: 'SKU-1',
          name: 'Glow Serum, 30 ml',
          url: 'https://shop.example/products/glow',
        },
        rating: 4,
        body: '',
        reviewerName: 'Bea',
        reviewerEmail: 'bea@example.com',
        createdAt: d('2025-05-02T11:00:00.000Z'),
        mediaUrls: ['https://media.example/v2.mp4?sig=4'],
      },
    ],
    [4, 'deleted'],
    [
      5,
      {
        ...base,
        sourceReviewId: '3f1c2a9e-0000-4000-8000-000000000004',
        status: 'rejected',
        productRef: { id: 'prod-2', name: 'Night Cream' },
        rating: 1,
        body: '-5 stars would be too few',
        reviewerName: 'Dora',
        reviewerEmail: 'dora@example.com',
        createdAt: d('2025-05-04T13:00:00.000Z'),
      },
    ],
    [
      6,
      {
        ...base,
        sourceReviewId: '3f1c2a9e-0000-4000-8000-000000000005',
        productRef: { id: 'prod-2', name: 'Night Cream' },
        rating: 5,
        body: '@team: thank you,\nit works',
        reviewerName: 'Émile',
        reviewerEmail: 'emile@example.com',
        createdAt: d('2025-05-05T14:00:00.000Z'),
        verified: true,
      },
    ],
  ],
};

describe('review import fixtures (test/fixtures/imports)', () => {
  it.each(REVIEW_IMPORT_FORMATS)('%s: recognised and read into the expected rows and skip reasons', async (name) => {
    const { format, rows } = await parseFixture(name);
    expect(format).toBe(name);
    expect(shape(rows)).toEqual(EXPECTED[name]);
    for (const result of rows) {
      if (!result.ok) {
        expect(result.detail).not.toBe('');
        continue;
      }
      expect(result.review.source).toBe(name);
      expect(ZImportedReview.parse(JSON.parse(JSON.stringify(result.review)))).toEqual(result.review);
      expect(result.review.key).toEqual(
        result.review.sourceReviewId
          ? `${name}:${result.review.sourceReviewId}`
          : expect.stringMatching(new RegExp(`^${name}:sha256:[0-9a-f]{64}$`)),
      );
    }
  });

  it('gives the same keys when the same file is read again, and different keys to different rows', async () => {
    for (const name of REVIEW_IMPORT_FORMATS) {
      const keys = async () => (await parseFixture(name)).rows.flatMap((row) => (row.ok ? [row.review.key] : []));
      const first = await keys();
      expect(await keys()).toEqual(first);
      expect(new Set(first).size).toBe(first.length);
    }
  });

  it('closes the file when the reader stops early (a preview of the first rows)', async () => {
    // A file still arriving (an upload in progress): it never ends by itself.
    const bytes = readFileSync(join(FIXTURES, 'judgeme.csv'));
    const source = Readable.from(
      (async function* () {
        yield bytes;
        await new Promise(() => {});
      })(),
    );
    const opened = await openImport(source, NOW);
    const firstTwo: number[] = [];
    for await (const row of opened.rows) {
      firstTwo.push(row.row);
      if (firstTwo.length === 2) break;
    }
    expect(firstTwo).toEqual([2, 3]);
    expect(source.destroyed).toBe(true);
  });

  it('reads files saved with semicolons or tabs (spreadsheets in comma-decimal locales)', async () => {
    const csv = readFileSync(join(FIXTURES, 'loox.csv'), 'utf8');
    const lines = csv.split('\n');
    // Row 2 of the Loox fixture, re-saved with semicolons: commas in the text are no longer quoted.
    const semicolons = [
      lines[0].replaceAll(',', ';'),
      'robe-ete;8123;5;Julie Martin;julie@example.com;Parfaite, taille bien.;2024-11-05;"https://images.loox.io/uploads/x1.jpg,https://images.loox.io/uploads/x2.jpg";Merci Julie !;2024-11-06;true;false',
    ].join('\r\n');
    const tabs = semicolons.replaceAll(';', '\t');
    for (const text of [semicolons, tabs]) {
      const opened = await openImport(Buffer.from(text), NOW);
      expect(opened.format.id).toBe('loox');
      const rows: TImportRowResult[] = [];
      for await (const row of opened.rows) rows.push(row);
      expect(shape(rows)).toEqual([EXPECTED.loox[0]]);
    }
  });

  it.each([
    ['title,body,rating\n', ','],
    ['\uFEFFtitle;body;rating\r\n', ';'],
    ['title\tbody\trating', '\t'],
    ['"a;b;c",d,e\n', ','],
    ['"x,y";z;w\n', ';'],
    ['single\n', ','],
  ])('chooses the delimiter of %j', (head, delimiter) => {
    expect(sniffDelimiter(head)).toBe(delimiter);
  });

  it('reads a stream delivered in small chunks the same as a buffer', async () => {
    const bytes = readFileSync(join(FIXTURES, 'judgeme.csv'));
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
    const opened = await openImport(Readable.from(chunks), NOW);
    const rows: TImportRowResult[] = [];
    for await (const row of opened.rows) rows.push(row);
    expect(shape(rows)).toEqual(EXPECTED.judgeme);
  });
});

describe('review import: refusals and skips', () => {
  const refusal = async (text: string) => {
    try {
      const opened = await openImport(Buffer.from(text), NOW);
      for await (const _row of opened.rows);
    } catch (error) {
      return (error as ApiError).body;
    }
    throw new Error('not refused');
  };

  it('refuses an empty file, a binary one, and one that stops being CSV', async () => {
    expect(await refusal('')).toMatchObject({ code: 'invalid_csv' });
    expect(await refusal('a\0b,c\n1,2')).toMatchObject({ code: 'invalid_csv' });
    const broken = await refusal('title,body,rating,review_date,reviewer_name\nA,"never closed,5,2025-01-01,X\n');
    expect(broken).toMatchObject({ code: 'invalid_csv' });
  });

  it('skips blank lines without numbering them away, and a row with every cell empty', async () => {
    const csv = 'title,body,rating,review_date,reviewer_name,product_handle\n,,,,,\n\nA,Good,5,2025-01-01,Jo,cup\n';
    const opened = await openImport(Buffer.from(csv), NOW);
    const rows: TImportRowResult[] = [];
    for await (const row of opened.rows) rows.push(row);
    expect(rows.map((row) => [row.row, row.ok])).toEqual([[4, true]]);
  });

  it('skips text too long for a review or a reply, and text PostgreSQL cannot store', () => {
    const format = IMPORT_FORMATS.find((candidate) => candidate.id === 'judgeme')!;
    const raw = {
      product: { handle: 'cup' },
      rating: '5',
      body: 'ok',
      reviewerName: 'Jo',
      createdAt: '2025-01-01',
      verified: false,
      status: 'approved' as const,
      media: [],
    };
    expect(normalise(2, format, raw, NOW)).toMatchObject({ ok: true });
    expect(normalise(2, format, { ...raw, body: 'x'.repeat(5001) }, NOW)).toMatchObject({ reason: 'too_long' });
    expect(normalise(2, format, { ...raw, reply: { text: 'x'.repeat(2001) } }, NOW)).toMatchObject({
      reason: 'too_long',
    });
    expect(normalise(2, format, { ...raw, body: 'a\0b' }, NOW)).toMatchObject({ reason: 'invalid_text' });
    expect(normalise(2, format, { ...raw, body: '\uD800' }, NOW)).toMatchObject({ reason: 'invalid_text' });
  });
});
