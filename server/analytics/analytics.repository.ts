import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { TReviewStatus } from '../../shared/reviews.js';
import type { MerchantRow } from '../accounts/accounts.repository.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { ApiError } from '../common/api-error.js';
import {
  merchants,
  products,
  reviewCounters,
  reviewDaily,
  reviewProductDaily,
  reviewProductMonthly,
  widgetEventStoreDaily,
} from '../database/schema.js';
import type { Periods } from './periods.js';

/**
 * What analytics need of a store: its id, its time zone for the calendar, and its platform connection (whether its
 * orders tell which widget session bought).
 */
export type AnalyticsStore = Pick<
  MerchantRow,
  'id' | 'timezone' | 'platform' | 'accessTokenEncrypted' | 'disconnectedAt'
>;

export interface PeriodReviews {
  current: boolean;
  status: TReviewStatus;
  reviews: number;
  ratingSum: number;
}

export interface PeriodSessions {
  current: boolean;
  views: number;
  carts: number;
  purchases: number;
}

/**
 * Analytics read only the rollups of migrations 0006 and 0007: their size follows the store's days (and, for top
 * products, its products), never its number of reviews or events.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async store(merchantId: string): Promise<AnalyticsStore> {
    const [row] = await this.database.db
      .select({
        id: merchants.id,
        timezone: merchants.timezone,
        platform: merchants.platform,
        accessTokenEncrypted: merchants.accessTokenEncrypted,
        disconnectedAt: merchants.disconnectedAt,
      })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    if (!row) throw ApiError.notFound('No store with this id.');
    return row;
  }

  /** Reviews not deleted, now: per status, with the sum of ratings. */
  async totals(merchantId: string): Promise<Array<{ status: TReviewStatus; reviews: number; ratingSum: number }>> {
    return this.database.rows(sql`
      select status, reviews, rating_sum::float8 as "ratingSum" from ${reviewCounters}
      where merchant_id = ${merchantId} and not deleted`);
  }

  /** Reviews not deleted received in the period and in the one before it, per status. */
  async received(merchantId: string, periods: Periods): Promise<PeriodReviews[]> {
    return this.database.rows(sql`
      select day >= ${periods.start}::date as current, status,
        sum(reviews)::int as reviews, sum(rating_sum)::float8 as "ratingSum"
      from ${reviewDaily}
      where merchant_id = ${merchantId} and not deleted and day between ${periods.previousStart}::date and ${periods.today}::date
      group by 1, 2`);
  }

  /** Widget sessions that saw the widget, added to the cart and bought, in the period and the one before it. */
  async sessions(merchantId: string, periods: Periods): Promise<PeriodSessions[]> {
    return this.database.rows(sql`
      select day >= ${periods.start}::date as current,
        coalesce(sum(sessions) filter (where type = 'view'), 0)::int as views,
        coalesce(sum(sessions) filter (where type = 'add_to_cart'), 0)::int as carts,
        coalesce(sum(sessions) filter (where type = 'purchase'), 0)::int as purchases
      from ${widgetEventStoreDaily}
      where merchant_id = ${merchantId} and day between ${periods.previousStart}::date and ${periods.today}::date
      group by 1`);
  }

  /** Reviews not deleted received per day, or per month (keyed by its first day), from `start` to `today`. */
  async activity(
    merchantId: string,
    start: string,
    today: string,
    byMonth: boolean,
  ): Promise<Array<{ bucket: string; reviews: number }>> {
    const bucket = byMonth ? sql`date_trunc('month', day)::date` : sql`day`;
    return this.database.rows(sql`
      select ${bucket}::text as bucket, sum(reviews)::int as reviews from ${reviewDaily}
      where merchant_id = ${merchantId} and not deleted and day between ${start}::date and ${today}::date
      group by 1`);
  }

  /**
   * Products by reviews received from `start` to `today`: the days before the first whole month from the daily
   * rollup, whole months (the current one included) from the monthly one.
   */
  async topProducts(
    merchantId: string,
    start: string,
    wholeMonthsFrom: string,
    today: string,
    limit: number,
  ): Promise<Array<{ id: string; name: string; image: string | null; reviews: number }>> {
    return this.database.rows(sql`
      with counted as (
        select product_id, reviews from ${reviewProductDaily}
        where merchant_id = ${merchantId} and day >= ${start}::date and day < ${wholeMonthsFrom}::date
          and day <= ${today}::date
        union all
        select product_id, reviews from ${reviewProductMonthly}
        where merchant_id = ${merchantId} and month >= ${wholeMonthsFrom}::date and month <= ${today}::date
      ), totals as (
        select product_id, sum(reviews)::int as reviews from counted group by product_id having sum(reviews) > 0
      )
      select p.id, p.name, p.image_url as image, t.reviews from totals t join ${products} p on p.id = t.product_id
      order by t.reviews desc, p.name, p.id
      limit ${limit}`);
  }
}
