// Review import: a 100,000-row Judge.me export read as a stream (the parse and checks every row goes through before
// the import job writes it). Prints the rate, the heap held after garbage collection from row 10,000 to the end (flat
// when nothing is kept: 90,000 more rows would hold well over 50 MB), and the RSS growth at its peak.
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { loadAverage, ROOT } from './support.mjs';

const { openImport } = await import(join(ROOT, 'dist', 'api', 'server', 'review-imports', 'review-import-parse.js'));

const ROWS = 100_000;
const SETTLED_AT = 10_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const retainedHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};
const HEADER =
  'title,body,rating,review_date,source,curated,reviewer_name,reviewer_email,product_id,product_handle,reply,reply_date,picture_urls\n';

let fileBytes = 0;
async function* judgemeFile() {
  fileBytes = HEADER.length;
  yield HEADER;
  let chunk = '';
  for (let i = 0; i < ROWS; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    chunk +=
      `Review ${i},"Body of review ${i}, with a comma and ""quotes"" — ${'lorem ipsum '.repeat(12)}",${(i % 5) + 1},` +
      `${day}/03/2025,web,ok,Reviewer ${i},r${i}@example.com,${7000 + (i % 500)},product-${i % 500},,,` +
      `"https://judgeme.imgix.net/${i}/a.jpg,https://judgeme.imgix.net/${i}/b.jpg"\n`;
    if (i % 500 === 499 || i === ROWS - 1) {
      fileBytes += Buffer.byteLength(chunk);
      yield chunk;
      chunk = '';
    }
  }
}

const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
let settled = 0;
let imported = 0;
const started = performance.now();
const opened = await openImport(Readable.from(judgemeFile()), new Date('2026-11-28T00:00:00Z'));
for await (const row of opened.rows) {
  if (!row.ok) throw new Error(`row ${row.row}: ${row.reason}`);
  imported += 1;
  if (imported % 5_000 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (imported === SETTLED_AT) settled = retainedHeap();
}
const held = retainedHeap() - settled;
const seconds = (performance.now() - started) / 1000;
const mb = (n) => (n / 1024 / 1024).toFixed(1);
console.log(`load average ${loadAverage()}`);
console.log(
  `review import parse: ${imported.toLocaleString('en')} rows (${mb(fileBytes)} MB of CSV) in ${seconds.toFixed(1)} s ` +
    `(${Math.round(imported / seconds).toLocaleString('en')} rows/s); heap held after GC ${mb(held)} MB more at the ` +
    `end than at row ${SETTLED_AT.toLocaleString('en')}; RSS growth at peak ${mb(peakRss - rssBefore)} MB`,
);
if (imported !== ROWS || held > 8 * 1024 * 1024) {
  console.error('review import parse: rows lost, or memory held grows with the file');
  process.exit(1);
}
