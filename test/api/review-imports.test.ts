import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  REVIEW_IMPORT_PREVIEW_KEPT_HOURS,
  type TReviewImport,
  type TReviewImportPreview,
} from '../../shared/review-imports.js';
import { createApp } from '../../server/app.js';
import { products, reviewImports, reviews } from '../../server/database/schema.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import { MEDIA_STORAGE, type MediaStorage } from '../../server/media/media-storage.js';
import { ReviewImportJobs } from '../../server/review-imports/review-import.jobs.js';
import { fixture } from '../factories/reviews.factory.js';
import { withTestDatabase } from '../factories/users.factory.js';
import { joinAsMember, PUBLIC_URL, registerOwner, type Agent, type RegisteredOwner } from '../support/accounts.js';
import { ROOT_DIR } from '../support/pglite-template.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

// Imports (issue 26): a review export of another app uploaded, previewed with each row's product, imported by a job
// that saves a checkpoint with each batch (so it resumes after a restart), adds nothing on a second import of the same
// file, can be cancelled, and fetches media through the SSRF-safe fetcher.

const IMPORTS = join(ROOT_DIR, 'test', 'fixtures', 'imports');
/** A fixture with its media links pointed at the local media server (which has none of them): no fetch leaves. */
const importFile = (name: string) =>
  Buffer.from(readFileSync(join(IMPORTS, name), 'utf8').replace(/https:\/\/[^/",|; ]+(?=\/)/g, () => mediaBase));

let t: TestApp;
let app: NestFastifyApplication;
let owner: RegisteredOwner;
let media: Server;
let mediaBase: string;

async function catalogue(merchantId: string) {
  const shop = 'https://shop.example/products';
  await databaseOf(t)
    .insert(products)
    .values(
      [
        { externalId: '7012345678', name: 'Glow Serum', url: `${shop}/glow-serum` },
        { externalId: '8123', name: 'Robe été', url: `${shop}/robe-ete` },
        { externalId: '555', name: 'Bougie figue', url: `${shop}/bougie-figue` },
        { externalId: '556', name: 'Candle', sku: 'CANDLE-01' },
        { externalId: 'prod-1', name: 'Glow Serum, 30 ml', sku: 'SKU-1' },
        { externalId: '6543210987', name: 'Organic tee', url: `${shop}/organic-tee` },
        { externalId: '9001', name: 'Leather bag', url: `${shop}/leather-bag` },
      ].map((product) => ({ ...product, merchantId, source: 'platform' as const })),
    );
}

beforeAll(async () => {
  media = createServer((request, response) => {
    if (request.url === '/photo.jpg')
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(fixture('photo.jpg'));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  mediaBase = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
  t = await startTestApp({ env: { PUBLIC_URL, IMPORT_ALLOW_PRIVATE_HOSTS: '127.0.0.1' } });
  app = t.app;
  owner = await registerOwner(t);
  await catalogue(owner.merchantId);
});
afterAll(async () => {
  await app.close();
  await t.testEnv.cleanup();
  await new Promise((resolve) => media.close(resolve));
});

const upload = (agent: Agent, body: Buffer, name = 'reviews.csv') =>
  agent.post('/api/review-imports/').attach('file', body, name);

async function uploaded(body: Buffer, name?: string): Promise<TReviewImportPreview> {
  return (await upload(owner.agent, body, name).expect(201)).body as TReviewImportPreview;
}

async function importAll(body: Buffer): Promise<TReviewImport> {
  const preview = await uploaded(body);
  await owner.agent.post(`/api/review-imports/${preview.import.id}/start/`).expect(202);
  await app.get(JobQueue).settled();
  return (await owner.agent.get(`/api/review-imports/${preview.import.id}/`).expect(200)).body as TReviewImport;
}

const importedOf = (key: string) =>
  databaseOf(t)
    .select()
    .from(reviews)
    .where(and(eq(reviews.merchantId, owner.merchantId), eq(reviews.importKey, key)));

/** A file in our own format with `count` reviews of prod-1, ids `${prefix}-n`. */
function oursFile(prefix: string, count: number, media: (n: number) => string = () => ''): Buffer {
  const header =
    'id,created_at,status,deleted_at,rating,comment,customer_name,customer_email,verified_purchase,source,product_id,product_name,product_sku,product_url,pinned,flags,reply,reply_created_at,video_url,photo_url,thumbnail_url';
  const rows = Array.from(
    { length: count },
    (_, n) =>
      `${prefix}-${n},2025-05-01T10:00:00.000Z,approved,,4,Review ${n},Buyer ${n},,true,widget,prod-1,Glow Serum,SKU-1,,false,,,,,${media(n)},`,
  );
  return Buffer.from([header, ...rows].join('\n'));
}

describe('POST /api/review-imports/ (upload and preview)', () => {
  it.each([
    ['judgeme.csv', 'Judge.me', { import: 2, skip: 7 }],
    ['loox.csv', 'Loox', { import: 2, skip: 5 }],
    ['okendo.csv', 'Okendo', { import: 4, skip: 2 }],
    ['ours.csv', 'Our own export', { import: 2, skip: 3 }],
    ['stamped.csv', 'Stamped', { import: 1, skip: 4 }],
    ['yotpo.csv', 'Yotpo', { import: 2, skip: 4 }],
  ])('reads %s as %s, each row with its product or why it is skipped', async (name, label, counts) => {
    const preview = await uploaded(importFile(name), name);
    expect(preview.import).toMatchObject({ format_label: label, status: 'previewed', filename: name, rows_done: 0 });
    expect(preview.counts).toEqual({ duplicate: 0, ...counts });
    expect(preview.import.total_rows).toBe(counts.import + counts.skip);
    expect(preview.rows).toHaveLength(counts.import + counts.skip);
    for (const row of preview.rows.filter((r) => r.outcome === 'import')) expect(row.product).not.toBeNull();
  });

  it('maps by product id, then handle, then SKU, and names a product the catalogue lacks', async () => {
    const preview = await uploaded(importFile('okendo.csv'));
    const [byId, bySku] = preview.rows;
    expect(byId.product).toEqual({ id: '555', name: 'Bougie figue' });
    expect(bySku.product).toEqual({ id: '556', name: 'Candle' });
    const loox = await uploaded(importFile('loox.csv'));
    expect(loox.rows[1]).toMatchObject({ outcome: 'import', product: { id: '8123' }, product_ref: 'handle robe-ete' });
    const missing = await uploaded(Buffer.from(importFile('loox.csv').toString().replaceAll('robe-ete', 'gone')));
    expect(missing.rows[0]).toMatchObject({ outcome: 'import', product: { id: '8123' } });
    expect(missing.rows[1]).toMatchObject({ outcome: 'skip', reason: 'missing_product', product: null });
    expect(missing.skip_reasons.missing_product).toBe(loox.skip_reasons.missing_product! + 1);
  });

  it('answers a file it cannot read with a 400 JSON error, and a member without the store rights with 403', async () => {
    const res = await upload(owner.agent, Buffer.from('name,colour\nmug,blue\n')).expect(400);
    expect(res.body).toMatchObject({ code: 'unknown_import_format' });
    await owner.agent.post('/api/review-imports/').field('note', 'no file').expect(400);
    const member = await joinAsMember(t, owner.agent);
    await upload(member, importFile('ours.csv')).expect(403);
    await member.get('/api/review-imports/').expect(403);
  });
});

describe('running an import', () => {
  it('imports the rows with their dates, ratings, verified flag, names and replies; again, adds nothing', async () => {
    const done = await importAll(importFile('judgeme.csv'));
    expect(done).toMatchObject({ status: 'done', total_rows: 9, rows_done: 9, imported: 2, duplicates: 0, skipped: 7 });
    expect(done.seconds_left).toBeNull();
    const [camille] = await databaseOf(t)
      .select()
      .from(reviews)
      .where(and(eq(reviews.merchantId, owner.merchantId), eq(reviews.customerName, 'Camille Rousseau')));
    expect(camille).toMatchObject({
      source: 'import',
      rating: 5,
      status: 'approved',
      comment: 'Great serum\n\nSoaks in fast, no stickiness.',
      replyText: 'Thank you, Camille!',
      createdAt: new Date('2025-03-02T00:00:00Z'),
      replyCreatedAt: new Date('2025-03-05T00:00:00Z'),
    });

    const again = await importAll(importFile('judgeme.csv'));
    expect(again).toMatchObject({ status: 'done', imported: 0, duplicates: 2, skipped: 7 });
    const preview = await uploaded(importFile('judgeme.csv'));
    expect(preview.counts).toEqual({ import: 0, duplicate: 2, skip: 7 });
  });

  it('leaves imported reviews out of the plan limits', async () => {
    const before = (await owner.agent.get('/api/reviews/usage_details/').expect(200)).body;
    await importAll(importFile('okendo.csv'));
    const after = (await owner.agent.get('/api/reviews/usage_details/').expect(200)).body;
    expect(after.usage).toEqual(before.usage);
  });

  it('lists past imports and downloads the skipped rows with their reasons', async () => {
    const preview = await uploaded(importFile('stamped.csv'));
    await owner.agent.post(`/api/review-imports/${preview.import.id}/start/`).expect(202);
    await app.get(JobQueue).settled();
    const done = (await owner.agent.get(`/api/review-imports/${preview.import.id}/`).expect(200)).body as TReviewImport;
    const list = (await owner.agent.get('/api/review-imports/').expect(200)).body.results as TReviewImport[];
    expect(list.map((row) => row.id)).toContain(done.id);
    const res = await owner.agent
      .get(`/api/review-imports/${done.id}/skipped.csv`)
      .buffer(true)
      .parse((response, callback) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => callback(null, text));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(res.body as string, { bom: true, columns: true }) as Array<Record<string, string>>;
    const skippedRows = rows.filter((row) => row.media_url === '');
    expect(skippedRows.map((row) => [Number(row.row), row.reason])).toEqual(
      preview.rows.filter((row) => row.outcome === 'skip').map((row) => [row.row, row.reason]),
    );
    // The imported review's links: the first not fetched (the media server has none of them), the rest the same.
    const mediaRows = rows.filter((row) => row.media_url !== '');
    expect(mediaRows.length).toBe(done.media_skipped);
    expect(mediaRows.length).toBeGreaterThan(0);
    for (const row of mediaRows) expect(row.reason).toBe('media_http_status');
  });

  it('cancels an import: a previewed one never runs, a finished one cannot be cancelled', async () => {
    const preview = await uploaded(oursFile('cancelled', 3));
    const cancelled = await owner.agent.post(`/api/review-imports/${preview.import.id}/cancel/`).expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    await owner.agent.post(`/api/review-imports/${preview.import.id}/start/`).expect(409);
    await app.get(JobQueue).settled();
    expect(await importedOf('ours:cancelled-0')).toHaveLength(0);
    const done = await importAll(oursFile('finished', 1));
    await owner.agent.post(`/api/review-imports/${done.id}/cancel/`).expect(409);
  });

  it(`cancels a preview nobody started within ${REVIEW_IMPORT_PREVIEW_KEPT_HOURS} hours, and deletes its file`, async () => {
    const kept = await uploaded(oursFile('kept', 2));
    const stale = await uploaded(oursFile('stale', 2));
    const db = databaseOf(t);
    const fileOf = async (id: string) =>
      (await db.select({ key: reviewImports.fileKey }).from(reviewImports).where(eq(reviewImports.id, id)))[0].key;
    const staleFile = (await fileOf(stale.import.id))!;
    const storage = app.get<MediaStorage>(MEDIA_STORAGE);
    expect(await storage.stat(staleFile)).not.toBeNull();
    const hours = (n: number) => new Date(Date.now() - n * 60 * 60 * 1000);
    await db
      .update(reviewImports)
      .set({ createdAt: hours(REVIEW_IMPORT_PREVIEW_KEPT_HOURS + 0.1) })
      .where(eq(reviewImports.id, stale.import.id));
    await db
      .update(reviewImports)
      .set({ createdAt: hours(REVIEW_IMPORT_PREVIEW_KEPT_HOURS - 0.1) })
      .where(eq(reviewImports.id, kept.import.id));

    expect(await app.get(ReviewImportJobs).sweepPreviews()).toBe(1);
    expect(await app.get(ReviewImportJobs).sweepPreviews()).toBe(0);
    const swept = (await owner.agent.get(`/api/review-imports/${stale.import.id}/`).expect(200)).body as TReviewImport;
    expect(swept).toMatchObject({ status: 'cancelled', error: expect.stringMatching(/upload the file again/) });
    expect(await storage.stat(staleFile)).toBeNull();
    expect(await fileOf(stale.import.id)).toBeNull();
    await owner.agent.post(`/api/review-imports/${stale.import.id}/start/`).expect(409);

    expect(await storage.stat((await fileOf(kept.import.id))!)).not.toBeNull();
    await owner.agent.post(`/api/review-imports/${kept.import.id}/start/`).expect(202);
    await app.get(JobQueue).settled();
    expect(await importedOf('ours:kept-1')).toHaveLength(1);
  });

  it('stops a running import at its next batch when cancelled, keeping what it imported', async () => {
    const preview = await uploaded(oursFile('halted', 1000));
    await owner.agent.post(`/api/review-imports/${preview.import.id}/start/`).expect(202);
    await owner.agent.post(`/api/review-imports/${preview.import.id}/cancel/`).expect(200);
    await app.get(JobQueue).settled();
    const row = (await owner.agent.get(`/api/review-imports/${preview.import.id}/`).expect(200)).body as TReviewImport;
    expect(row.status).toBe('cancelled');
    expect(row.rows_done).toBeLessThan(1000);
    const [{ n }] = await databaseOf(t)
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(eq(reviews.importId, preview.import.id));
    expect(n).toBe(row.imported);
  });
});

describe('media', () => {
  it('fetches a photo from the file through the safe fetcher; a refused link is a skipped medium', async () => {
    const links = [`${mediaBase}/photo.jpg`, 'http://169.254.169.254/latest/photo.jpg', `${mediaBase}/missing.jpg`];
    const done = await importAll(oursFile('media', 3, (n) => links[n]));
    expect(done).toMatchObject({ status: 'done', imported: 3, media_fetched: 1, media_skipped: 2 });
    const [withPhoto] = await importedOf('ours:media-0');
    expect(withPhoto.photoKey).toMatch(/^reviews\/.+\.jpg$/);
    expect(withPhoto.mediaState).toBe('ready');
    const [refused] = await importedOf('ours:media-1');
    expect(refused.photoKey).toBeNull();
    const csv = await owner.agent.get(`/api/review-imports/${done.id}/skipped.csv`).buffer(true).expect(200);
    const text = String(csv.text ?? csv.body);
    expect(text).toContain('media_private_address');
    expect(text).toContain('media_http_status');
  });
});

describe('a restart mid-import', () => {
  it('resumes from the checkpoint after the app stops, without duplicates', async () => {
    // 10 batches: the app stops after the first, at the next batch’s start at the latest.
    const total = 2000;
    const preview = await uploaded(oursFile('restart', total));
    await owner.agent.post(`/api/review-imports/${preview.import.id}/start/`).expect(202);
    let seen: TReviewImport;
    do {
      seen = (await owner.agent.get(`/api/review-imports/${preview.import.id}/`).expect(200)).body as TReviewImport;
    } while (seen.rows_done === 0);
    expect(seen.status).toBe('running');
    await app.close();

    const progress = () =>
      databaseOf({ ...t, app })
        .select({ status: reviewImports.status, rowsDone: reviewImports.rowsDone, imported: reviewImports.imported })
        .from(reviewImports)
        .where(eq(reviewImports.id, preview.import.id));
    // Stopped part way, at a checkpoint (whole batches), read while no app runs.
    const stopped = await withTestDatabase(t.testEnv.env, async (handle) => {
      const [row] = await handle.db
        .select({ status: reviewImports.status, rowsDone: reviewImports.rowsDone, imported: reviewImports.imported })
        .from(reviewImports)
        .where(eq(reviewImports.id, preview.import.id));
      return row;
    });
    expect(stopped.status).toBe('running');
    expect(stopped.rowsDone).toBeGreaterThan(0);
    expect(stopped.rowsDone).toBeLessThan(total);
    expect(stopped.rowsDone % 200).toBe(0);
    expect(stopped.imported).toBe(stopped.rowsDone);

    app = await createApp(t.config);
    await app.get(JobQueue).settled();
    const [row] = await databaseOf({ ...t, app })
      .select({ n: sql<number>`count(*)::int`, keys: sql<number>`count(distinct import_key)::int` })
      .from(reviews)
      .where(eq(reviews.importId, preview.import.id));
    expect(row).toEqual({ n: total, keys: total });
    expect(await progress()).toEqual([{ status: 'done', rowsDone: total, imported: total }]);
  });
});
