import { handleFromUrl, readDate, readMediaUrls, readRating } from './review-import-values.js';

const NOW = new Date('2026-11-28T00:00:00Z');

describe('readRating', () => {
  it.each([
    ['5', { rating: 5 }],
    ['1', { rating: 1 }],
    ['4.0', { rating: 4 }],
    ['', { error: 'missing_rating' }],
    ['4.5', { error: 'bad_rating' }],
    ['five', { error: 'bad_rating' }],
    ['4,0', { error: 'bad_rating' }],
    ['0', { error: 'rating_out_of_range' }],
    ['6', { error: 'rating_out_of_range' }],
    ['-1', { error: 'rating_out_of_range' }],
    ['10', { error: 'rating_out_of_range' }],
  ])('%j → %j', (text, expected) => {
    expect(readRating(text)).toEqual(expected);
  });
});

describe('readDate', () => {
  it.each([
    ['2025-03-02', 'dmy', '2025-03-02T00:00:00.000Z'],
    ['2025-03-02T10:12:13Z', 'dmy', '2025-03-02T10:12:13.000Z'],
    ['2025-03-02T10:12:13.456Z', 'mdy', '2025-03-02T10:12:13.456Z'],
    ['2025-03-02 10:12:00 UTC', 'dmy', '2025-03-02T10:12:00.000Z'],
    ['2025-03-02 10:12', 'mdy', '2025-03-02T10:12:00.000Z'],
    ['2025-02-01T10:00:00+11:00', 'mdy', '2025-01-31T23:00:00.000Z'],
    ['2023-06-01T10:00:00-0400', 'mdy', '2023-06-01T14:00:00.000Z'],
    ['02/03/2025', 'dmy', '2025-03-02T00:00:00.000Z'],
    ['02/03/2025', 'mdy', '2025-02-03T00:00:00.000Z'],
    ['25/03/2025', 'mdy', '2025-03-25T00:00:00.000Z'],
    ['03/25/2025', 'dmy', '2025-03-25T00:00:00.000Z'],
    ['02.03.2025', 'dmy', '2025-03-02T00:00:00.000Z'],
    ['3/15/2025 2:05 PM', 'mdy', '2025-03-15T14:05:00.000Z'],
    ['3/15/2025 12:05 AM', 'mdy', '2025-03-15T00:05:00.000Z'],
  ] as const)('%s (%s) → %s', (text, order, iso) => {
    expect(readDate(text, order, NOW)?.toISOString()).toBe(iso);
  });

  it.each([
    '',
    'yesterday',
    '2025-02-30',
    '2025-13-01',
    '31/02/2025',
    '13/13/2025',
    '2025-03-02T25:00',
    '1741000000',
    '2026-12-01',
  ])('%j is no date we can read', (text) => {
    expect(readDate(text, 'dmy', NOW)).toBeNull();
  });

  it('takes a date up to a day ahead (time zones), not later', () => {
    expect(readDate('2026-11-28T20:00:00Z', 'dmy', NOW)).not.toBeNull();
    expect(readDate('2026-11-29T01:00:00Z', 'dmy', NOW)).toBeNull();
  });
});

describe('readMediaUrls', () => {
  it('splits on commas, pipes, semicolons and white space, keeps commas inside a link, drops repeats', () => {
    expect(
      readMediaUrls([
        'https://a.example/1.jpg, https://a.example/2.jpg|https://a.example/3.jpg;https://a.example/4.jpg\nhttps://a.example/1.jpg',
        'https://img.example/x.jpg?w=1,2 http://b.example/v.mp4',
      ]),
    ).toEqual([
      'https://a.example/1.jpg',
      'https://a.example/2.jpg',
      'https://a.example/3.jpg',
      'https://a.example/4.jpg',
      'https://img.example/x.jpg?w=1,2',
      'http://b.example/v.mp4',
    ]);
  });

  it('drops anything that is not an http(s) link', () => {
    expect(readMediaUrls(['javascript:alert(1)', 'ftp://x.example/a.jpg', 'file:///etc/passwd', 'a.jpg', ''])).toEqual(
      [],
    );
  });
});

describe('handleFromUrl', () => {
  it('reads the handle of a Shopify product link', () => {
    expect(handleFromUrl('https://shop.example/products/leather-bag?variant=1')).toBe('leather-bag');
    expect(handleFromUrl('https://shop.example/collections/all/products/caf%C3%A9-cup')).toBe('café-cup');
    expect(handleFromUrl('https://shop.example/p/123')).toBeUndefined();
    expect(handleFromUrl(undefined)).toBeUndefined();
  });
});
