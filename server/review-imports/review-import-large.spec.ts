import { Readable } from 'node:stream';
import { openImport } from './review-import-parse.js';

// A large export read as a stream: the rows come through one at a time and memory stays flat. The rate is printed,
// not asserted (the machine is shared).

const ROWS = 100_000;
const HEADER =
  'title,body,rating,review_date,source,curated,reviewer_name,reviewer_email,product_id,product_handle,reply,reply_date,picture_urls\n';

let fileBytes = 0;

async function* judgemeFile(): AsyncGenerator<string> {
  fileBytes = HEADER.length;
  yield HEADER;
  let chunk = '';
  for (let i = 0; i < ROWS; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    chunk +=
      `Review ${i},"Body of review ${i}, with a comma and ""quotes"" — ${'lorem ipsum '.repeat(12)}",${(i % 5) + 1},` +
      `${day}/03/2025,web,ok,Reviewer ${i},r${i}@example.com,${7000 + (i % 500)},product-${i % 500},,,` +
      `"https://judgeme.imgix.net/${i}/a.jpg,https://judgeme.imgix.net/${i}/b.jpg"\n`;
    if (i % 500 === 499) {
      fileBytes += Buffer.byteLength(chunk);
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) {
    fileBytes += Buffer.byteLength(chunk);
    yield chunk;
  }
}

describe('a large import file', () => {
  it(`reads ${ROWS.toLocaleString('en')} rows as a stream with bounded memory`, async () => {
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    let peakRss = before.rss;
    const started = performance.now();
    const opened = await openImport(Readable.from(judgemeFile()), new Date('2026-11-28T00:00:00Z'));
    let imported = 0;
    let bytes = 0;
    for await (const row of opened.rows) {
      if (!row.ok) throw new Error(`row ${row.row}: ${row.reason}`);
      imported += 1;
      bytes += row.review.body.length;
      if (imported % 5_000 === 0) {
        const now = process.memoryUsage();
        peakHeap = Math.max(peakHeap, now.heapUsed);
        peakRss = Math.max(peakRss, now.rss);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const mb = (n: number) => Math.round(n / 1024 / 1024);
    console.log(
      `review import: ${imported.toLocaleString('en')} rows (${mb(fileBytes)} MB of CSV) in ${seconds.toFixed(1)} s ` +
        `(${Math.round(imported / seconds).toLocaleString('en')} rows/s); heap growth at peak ${mb(peakHeap - before.heapUsed)} MB, ` +
        `RSS growth at peak ${mb(peakRss - before.rss)} MB`,
    );
    expect(imported).toBe(ROWS);
    expect(bytes).toBeGreaterThan(ROWS * 100);
    // Holding the file's text and its rows would pass this bound several times over (the text alone is ~40 MB as
    // UTF-16, 100,000 normalised rows far more); streaming stays under it with room for uncollected garbage.
    expect(fileBytes).toBeGreaterThan(30 * 1024 * 1024);
    expect(peakHeap - before.heapUsed).toBeLessThan(96 * 1024 * 1024);
  }, 180_000);
});
