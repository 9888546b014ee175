import { Controller, Get, Logger, Query, Res } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { pipeline, Readable } from 'node:stream';
import {
  INSIGHTS_PRODUCT_COLUMNS,
  ZInsights,
  ZInsightsProductPage,
  ZInsightsProductsExportQuery,
  ZInsightsProductsQuery,
  ZInsightsQuery,
  type TInsights,
  type TInsightsProduct,
  type TInsightsProductsExportQuery,
  type TInsightsProductsQuery,
  type TInsightsQuery,
} from '../../shared/insights.js';
import type { TPage } from '../../shared/reviews.js';
import { requireWorkspace, storeOf, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated, KeyScope } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { InsightsService } from './insights.service.js';

@Controller('api/insights')
@KeyScope('analytics:read')
export class InsightsController {
  private readonly logger = new Logger(InsightsController.name);

  constructor(private readonly insights: InsightsService) {}

  @Get('/')
  @Authenticated('view_dashboard')
  @Answers(ZInsights)
  read(@Auth() auth: AuthContext, @Query(new ZodPipe(ZInsightsQuery)) query: TInsightsQuery): Promise<TInsights> {
    return this.insights.insights(storeOf(requireWorkspace(auth)), query);
  }

  @Get('products/')
  @Authenticated('view_dashboard')
  @Answers(ZInsightsProductPage)
  products(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZInsightsProductsQuery)) query: TInsightsProductsQuery,
  ): Promise<TPage<TInsightsProduct>> {
    return this.insights.products(storeOf(requireWorkspace(auth)), query);
  }

  /** The whole table as CSV, streamed a batch at a time; the dashboard links here (its cookie authenticates it). */
  @Get('products/export/')
  @Authenticated('view_dashboard')
  @Answers({ media: 'text/csv', description: 'Every product of the table, its columns named in the first row.' })
  async exportProducts(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZInsightsProductsExportQuery)) query: TInsightsProductsExportQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const store = storeOf(requireWorkspace(auth));
    const { range, rows } = this.insights.exportProducts(store, query);
    // A byte-order mark: spreadsheet apps then read the file as UTF-8.
    const csv = stringify({ header: true, columns: [...INSIGHTS_PRODUCT_COLUMNS], bom: true });
    const body = pipeline(Readable.from(cells(rows)), csv, (error) => {
      if (error) this.logger.error({ err: error, merchantId: store.id }, 'An Insights export stopped');
    });
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="insights-products-${range.start}-${range.end}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  }
}

async function* cells(rows: AsyncIterable<TInsightsProduct>) {
  for await (const row of rows) yield INSIGHTS_PRODUCT_COLUMNS.map((column) => row[column] ?? '');
}
