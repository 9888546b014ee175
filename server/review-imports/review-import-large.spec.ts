import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openImport } from './review-import-parse.js';

// A large export read as a stream: the rows come through one at a time and memory stays flat. The rate is printed,
// not asserted (the machine is shared).

const ROWS = 100_000;
const SETTLED_AT = 10_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
/** The heap still in use once garbage is collected: what the reader holds on to. */
function retainedHeap(): number {
  gc();
  return process.memoryUsage().heapUsed;
}
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
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    let settled = 0;
    const started = performance.now();
    const opened = await openImport(Readable.from(judgemeFile()), new Date('2026-11-28T00:00:00Z'));
    let imported = 0;
    let text = 0;
    for await (const row of opened.rows) {
      if (!row.ok) throw new Error(`row ${row.row}: ${row.reason}`);
      imported += 1;
      text += row.review.body.length;
      if (imported % 5_000 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (imported === SETTLED_AT) settled = retainedHeap();
    }
    const held = retainedHeap() - settled;
    const seconds = (performance.now() - started) / 1000;
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    console.log(
      `review import: ${imported.toLocaleString('en')} rows (${mb(fileBytes)} MB of CSV) in ${seconds.toFixed(1)} s ` +
        `(${Math.round(imported / seconds).toLocaleString('en')} rows/s); heap held after GC grew ${mb(held)} MB ` +
        `from row ${SETTLED_AT.toLocaleString('en')} to the end; RSS growth at peak ${mb(peakRss - rssBefore)} MB`,
    );
    expect(imported).toBe(ROWS);
    expect(text).toBeGreaterThan(ROWS * 100);
    expect(fileBytes).toBeGreaterThan(30 * 1024 * 1024);
    // 90,000 more rows read: keeping them (or the file's text) would hold well over 50 MB more.
    expect(held).toBeLessThan(8 * 1024 * 1024);
  }, 180_000);
});
