import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REVIEW_IMPORT_FORMATS } from '../../shared/review-imports.js';
import { ApiError } from '../common/api-error.js';
import { detectFormat } from './review-import-formats.js';

const headerOf = (name: string) =>
  readFileSync(join(process.cwd(), 'test/fixtures/imports', `${name}.csv`), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\n')[0]
    .split(',');

function refusal(header: string[]): ApiError {
  try {
    detectFormat(header);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`${header.join(',')} was recognised`);
}

describe('detectFormat', () => {
  it.each(REVIEW_IMPORT_FORMATS)('recognises the header of %s', (name) => {
    expect(detectFormat(headerOf(name)).id).toBe(name);
  });

  it('compares names without case, spaces, underscores or dots', () => {
    expect(detectFormat([' TITLE', 'Body ', 'Rating', 'Review Date', 'Reviewer Name']).id).toBe('judgeme');
    expect(detectFormat(['review_content', 'REVIEW SCORE', 'product_id']).id).toBe('yotpo');
    expect(detectFormat(['Name', 'Body', 'Rating', 'date_created', 'Handle']).id).toBe('okendo');
  });

  it('prefers the format that knows more of the header when two signatures fit (Stamped carries Loox columns)', () => {
    const stamped = headerOf('stamped');
    expect(
      ['product_handle', 'rating', 'author', 'body', 'created_at'].every((name) =>
        stamped.map((cell) => cell.toLowerCase().replace(/_/g, '')).includes(name.replace(/_/g, '')),
      ),
    ).toBe(true);
    expect(detectFormat(stamped).id).toBe('stamped');
  });

  it('refuses an unknown header with a 400 listing the accepted formats', () => {
    const error = refusal(['email', 'first_name', 'points']);
    expect(error.getStatus()).toBe(400);
    expect(error.body).toMatchObject({ code: 'unknown_import_format', accepted_formats: [...REVIEW_IMPORT_FORMATS] });
    for (const label of ['Our own export', 'Judge.me', 'Loox', 'Yotpo', 'Okendo', 'Stamped']) {
      expect(error.body.detail).toContain(label);
    }
    expect(refusal([]).body.code).toBe('unknown_import_format');
    // One column short of Judge.me's signature is not Judge.me.
    expect(refusal(['title', 'body', 'rating', 'review_date']).body.code).toBe('unknown_import_format');
  });

  it('refuses a header that fits two formats equally', () => {
    const error = refusal(['product_handle', 'rating', 'author', 'body', 'created_at', 'review_date', 'reviewer_name']);
    expect(error.getStatus()).toBe(400);
    expect(error.body.code).toBe('ambiguous_import_format');
    expect(error.body.detail).toMatch(/Judge\.me and Loox|Loox and Judge\.me/);
  });
});
