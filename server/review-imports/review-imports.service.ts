import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import type { FastifyRequest } from 'fastify';
import {
  REVIEW_IMPORT_FORMAT_LABELS,
  REVIEW_IMPORT_MAX_BYTES,
  REVIEW_IMPORT_PREVIEW_ROWS,
  type TReviewImport,
  type TReviewImportFormat,
  type TReviewImportPreview,
  type TReviewImportPreviewRow,
} from '../../shared/review-imports.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import { ApiError } from '../common/api-error.js';
import { spreadsheetSafe } from '../review-export/review-export-rows.js';
import { REVIEW_IMPORT_FOLDER } from '../media/media-folders.js';
import { MEDIA_STORAGE, type MediaStorage } from '../media/media-storage.js';
import { ByteLimit, tooLarge } from '../media/media.service.js';
import { fileParts, multipartError } from '../media/multipart.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { openImport } from './review-import-parse.js';
import { describeRef } from './review-import-products.js';
import { IMPORT_BATCH_ROWS, nextBatch, resolveBatch, type ResolvedRow } from './review-import-rows.js';
import { ReviewImportJobs } from './review-import.jobs.js';
import { ReviewImportsRepository, type ReviewImportRow } from './review-imports.repository.js';

const LIST_LIMIT = 50;

export function mapImport(row: ReviewImportRow, now = new Date()): TReviewImport {
  const elapsed = row.startedAt ? (now.getTime() - row.startedAt.getTime()) / 1000 : 0;
  const running = row.status === 'running';
  const rate = running && elapsed > 0 ? Math.round((row.rowsDone / elapsed) * 10) / 10 : null;
  const left = row.totalRows - row.rowsDone;
  return {
    id: row.id,
    format: row.format as TReviewImportFormat,
    format_label: REVIEW_IMPORT_FORMAT_LABELS[row.format as TReviewImportFormat] ?? row.format,
    filename: row.filename,
    status: row.status,
    total_rows: row.totalRows,
    rows_done: row.rowsDone,
    imported: row.imported,
    duplicates: row.duplicates,
    skipped: row.skipped,
    media_fetched: row.mediaFetched,
    media_skipped: row.mediaSkipped,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    rate,
    seconds_left: rate ? Math.ceil(left / rate) : null,
    skipped_csv_url: `/api/review-imports/${row.id}/skipped.csv`,
  };
}

function previewRow(row: ResolvedRow, duplicate: boolean): TReviewImportPreviewRow {
  const review = row.ok ? row.review : row.review;
  const outcome = row.ok ? (duplicate ? 'duplicate' : 'import') : 'skip';
  return {
    row: row.row,
    outcome,
    reason: row.ok ? null : row.reason,
    detail: row.ok ? (duplicate ? 'Already imported.' : null) : row.detail,
    rating: review?.rating ?? null,
    reviewer_name: review?.reviewerName ?? null,
    body: review ? [review.title, review.body].filter(Boolean).join(' — ') : null,
    created_at: review?.createdAt.toISOString() ?? null,
    verified: review?.verified ?? null,
    media: review?.mediaUrls.length ?? 0,
    product_ref: review ? describeRef(review.productRef) || null : null,
    product: row.ok ? { id: row.product.externalId, name: row.product.name } : null,
  };
}

/**
 * Review imports (issue 26): an uploaded file is kept in media storage and previewed over its whole length (what will
 * be imported, what skipped and why); started, a job imports it (ReviewImportJobs).
 */
@Injectable()
export class ReviewImportsService implements OnModuleInit {
  private readonly logger = new Logger(ReviewImportsService.name);

  constructor(
    private readonly repository: ReviewImportsRepository,
    private readonly jobs: ReviewImportJobs,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly readers: ServerReaders,
  ) {}

  onModuleInit(): void {
    // The import page's history (and a running import's progress), drawn with the page (the API route's permission).
    this.readers.register('reviewImports', 'manage_store', (merchantId) => () => this.listOf(merchantId));
  }

  /** Stores the multipart `file`, reads it through, and answers the preview; a file we cannot read is a 400. */
  async upload(auth: WorkspaceContext, request: FastifyRequest): Promise<TReviewImportPreview> {
    const merchantId = storeOf(auth).id;
    for await (const part of fileParts(request)) {
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const key = `${REVIEW_IMPORT_FOLDER}/${randomUUID()}.csv`;
      await this.store(key, part.file);
      try {
        return await this.preview(merchantId, key, part.filename ?? '');
      } catch (error) {
        await this.storage.delete(key).catch(() => undefined);
        throw error;
      }
    }
    throw ApiError.validation({ file: ['Choose a CSV file to import.'] });
  }

  private async store(key: string, source: Readable & { truncated?: boolean }): Promise<void> {
    let sourceFailed = false;
    const body = new ByteLimit(REVIEW_IMPORT_MAX_BYTES);
    body.on('error', () => {});
    source.once('error', (error) => {
      sourceFailed = true;
      body.destroy(error);
    });
    try {
      await this.storage.put(key, source.pipe(body), 'text/csv');
      if (source.truncated) {
        await this.storage.delete(key);
        throw tooLarge(REVIEW_IMPORT_MAX_BYTES);
      }
    } catch (error) {
      source.unpipe();
      source.resume();
      throw sourceFailed ? multipartError(error) : error;
    }
  }

  private async preview(merchantId: string, key: string, filename: string): Promise<TReviewImportPreview> {
    const stored = await this.storage.get(key);
    if (!stored) throw new Error(`The import file ${key} vanished`);
    const opened = await openImport(stored.stream);
    const rows = opened.rows[Symbol.asyncIterator]();
    const preview: TReviewImportPreviewRow[] = [];
    const counts = { import: 0, duplicate: 0, skip: 0 };
    const reasons: TReviewImportPreview['skip_reasons'] = {};
    const seen = new Set<string>();
    let total = 0;
    for (;;) {
      const batch = await nextBatch(rows, IMPORT_BATCH_ROWS);
      if (!batch.length) break;
      total += batch.length;
      const resolved = await resolveBatch(this.repository, merchantId, batch);
      const keys = resolved.flatMap((row) => (row.ok ? [row.review.key] : []));
      const existing = await this.repository.existingKeys(merchantId, keys);
      for (const row of resolved) {
        const duplicate = row.ok && (existing.has(row.review.key) || seen.has(row.review.key));
        if (row.ok) seen.add(row.review.key);
        if (!row.ok) {
          counts.skip += 1;
          reasons[row.reason] = (reasons[row.reason] ?? 0) + 1;
        } else counts[duplicate ? 'duplicate' : 'import'] += 1;
        if (preview.length < REVIEW_IMPORT_PREVIEW_ROWS) preview.push(previewRow(row, duplicate));
      }
    }
    const created = await this.repository.create({
      merchantId,
      format: opened.format.id,
      filename: filename.slice(0, 255),
      fileKey: key,
      totalRows: total,
    });
    return { import: mapImport(created), rows: preview, counts, skip_reasons: reasons };
  }

  async start(auth: WorkspaceContext, id: string): Promise<TReviewImport> {
    const merchantId = storeOf(auth).id;
    const row = await this.repository.transition(merchantId, id, ['previewed'], 'running', {
      startedBy: auth.user.id,
      startedAt: new Date(),
    });
    if (!row) throw await this.notIn(merchantId, id, 'previewed');
    await this.jobs.enqueue(row);
    return mapImport(row);
  }

  /** Stops an import waiting or running: rows imported so far stay (a batch is all in or all out). */
  async cancel(auth: WorkspaceContext, id: string): Promise<TReviewImport> {
    const merchantId = storeOf(auth).id;
    const row = await this.repository.transition(merchantId, id, ['previewed', 'running'], 'cancelled', {
      finishedAt: new Date(),
    });
    if (!row) throw await this.notIn(merchantId, id, 'previewed or running');
    // A running import's job removes the file when it sees the cancel; a previewed one has none.
    await this.jobs.enqueue(row);
    return mapImport(row);
  }

  private async notIn(merchantId: string, id: string, wanted: string): Promise<ApiError> {
    const found = await this.repository.find(merchantId, id);
    if (!found) return ApiError.notFound('No import with this id in your store.');
    return ApiError.conflict(`This import is ${found.status}, not ${wanted}.`, 'import_state');
  }

  async get(auth: WorkspaceContext, id: string): Promise<TReviewImport> {
    const row = await this.repository.find(storeOf(auth).id, id);
    if (!row) throw ApiError.notFound('No import with this id in your store.');
    return mapImport(row);
  }

  list(auth: WorkspaceContext): Promise<{ results: TReviewImport[] }> {
    return this.listOf(storeOf(auth).id);
  }

  async listOf(merchantId: string): Promise<{ results: TReviewImport[] }> {
    const now = new Date();
    return { results: (await this.repository.list(merchantId, LIST_LIMIT)).map((row) => mapImport(row, now)) };
  }

  /** The rows (and media links) not imported, with why, as a CSV. */
  async skippedCsv(auth: WorkspaceContext, id: string): Promise<{ filename: string; body: Readable }> {
    const merchantId = storeOf(auth).id;
    const row = await this.repository.find(merchantId, id);
    if (!row) throw ApiError.notFound('No import with this id in your store.');
    const skips = await this.repository.skips(merchantId, id);
    const csv = stringify({ header: true, columns: ['row', 'reason', 'detail', 'media_url'], bom: true });
    const body = Readable.from(
      skips.map((skip) => [skip.row, skip.reason, spreadsheetSafe(skip.detail), spreadsheetSafe(skip.url)]),
    ).pipe(csv);
    body.on('error', (err) => this.logger.error({ err, importId: id }, 'A skipped-rows report stopped'));
    return { filename: `import-${row.createdAt.toISOString().slice(0, 10)}-skipped.csv`, body };
  }
}
