import { Inject, Injectable, Logger } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import { pipeline, Readable } from 'node:stream';
import type { z } from 'zod';
import {
  REVIEW_EXPORT_COLUMNS,
  REVIEW_EXPORT_LINK_DAYS,
  type TReviewExportRow,
  type ZReviewExportQuery,
} from '../../shared/review-export.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MediaUrls } from '../media/media-urls.js';
import { reviewBatches } from '../reviews/review-batches.js';
import type { ReviewFilter } from '../reviews/reviews.repository.js';
import { csvCells, exportRow } from './review-export-rows.js';
import { ReviewExportRepository } from './review-export.repository.js';

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Readable;
}

/** A store's reviews as a file, written as it is read: one batch in memory at a time, however many reviews. */
@Injectable()
export class ReviewExportService {
  private readonly logger = new Logger(ReviewExportService.name);

  constructor(
    private readonly repository: ReviewExportRepository,
    private readonly mediaUrls: MediaUrls,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  export(auth: WorkspaceContext, query: z.output<typeof ZReviewExportQuery>, now = new Date()): ExportFile {
    const merchantId = storeOf(auth).id;
    const filter: ReviewFilter = { status: query.status, search: query.search || undefined, flagged: query.flagged };
    const rows = this.rows(merchantId, filter, now);
    const filename = `reviews-${now.toISOString().slice(0, 10)}.${query.format}`;
    if (query.format === 'json') {
      return { filename, contentType: 'application/json; charset=utf-8', body: Readable.from(jsonArray(rows)) };
    }
    // A byte-order mark: spreadsheet apps then read the file as UTF-8 (accents in names and comments).
    const csv = stringify({ header: true, columns: [...REVIEW_EXPORT_COLUMNS], bom: true });
    const body = pipeline(Readable.from(csvRows(rows)), csv, (error) => {
      if (error) this.logger.error({ err: error, merchantId }, 'A review export stopped');
    });
    return { filename, contentType: 'text/csv; charset=utf-8', body };
  }

  private async *rows(merchantId: string, filter: ReviewFilter, now: Date): AsyncGenerator<TReviewExportRow> {
    const expires = Math.floor(now.getTime() / 1000) + REVIEW_EXPORT_LINK_DAYS * 24 * 60 * 60;
    const link = (key: string) => new URL(this.mediaUrls.signed(key, expires), this.config.publicUrl).href;
    const batches = reviewBatches(
      (after) => this.repository.batch(merchantId, filter, after),
      (row) => row.review.id,
    );
    for await (const batch of batches) for (const row of batch) yield exportRow(row, link);
  }
}

async function* csvRows(rows: AsyncIterable<TReviewExportRow>) {
  for await (const row of rows) yield csvCells(row);
}

async function* jsonArray(rows: AsyncIterable<TReviewExportRow>) {
  let first = true;
  yield '[';
  for await (const row of rows) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
    first = false;
  }
  yield '\n]\n';
}
