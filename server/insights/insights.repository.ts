import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type { TReviewSource } from '../../shared/review-statuses.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import type { RangeParts } from './range-parts.js';
import {
  productRatingCounters,
  products,
  reviewEngagementDaily,
  reviewEngagementMonthly,
  reviewEngagementStoreDaily,
  reviewProductDaily,
  reviewProductMonthly,
  reviewRatingDaily,
  reviewRequestFunnelDaily,
  reviews,
  widgetEventDaily,
  widgetEventProductMonthly,
  widgetEventStoreDaily,
  widgetSessionOutcomeDaily,
} from '../database/schema.js';

/** The figures of one range; `current` tells the range asked for from the one before it. */
export interface EngagementRow {
  current: boolean;
  views: number;
  plays: number;
  unmutes: number;
  fullscreens: number;
  /** Plays of a named review, and the quarters those plays reached. */
  reviewPlays: number;
  quarters: number;
  completed: number;
}

export interface OutcomeRow {
  played: boolean;
  carted: boolean;
  purchased: boolean;
  sessions: number;
}

/**
 * Insights read only rollups (migrations 0006, 0007 and 0032–0035), whose size follows the store's days, reviews
 * watched and products, never its events or requests; ranges read whole months from the monthly rollups and the days
 * around them from the daily ones.
 */
@Injectable()
export class InsightsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /** The widget's figures from `previousStart` to `end`, split at `start`. */
  async engagement(merchantId: string, previousStart: string, start: string, end: string): Promise<EngagementRow[]> {
    return this.database.rows(sql`
      with store as (
        select day >= ${start}::date as current,
          coalesce(sum(sessions) filter (where type = 'view'), 0)::int as views,
          coalesce(sum(sessions) filter (where type = 'play'), 0)::int as plays,
          coalesce(sum(sessions) filter (where type = 'unmute'), 0)::int as unmutes,
          coalesce(sum(sessions) filter (where type = 'fullscreen'), 0)::int as fullscreens
        from ${widgetEventStoreDaily}
        where merchant_id = ${merchantId} and day between ${previousStart}::date and ${end}::date
        group by 1
      ), watched as (
        select day >= ${start}::date as current,
          coalesce(sum(sessions) filter (where type = 'play'), 0)::int as "reviewPlays",
          coalesce(sum(sessions) filter (where type like 'watched\\_%'), 0)::int as quarters,
          coalesce(sum(sessions) filter (where type = 'watched_100'), 0)::int as completed
        from ${reviewEngagementStoreDaily}
        where merchant_id = ${merchantId} and day between ${previousStart}::date and ${end}::date
        group by 1
      )
      select coalesce(s.current, w.current) as current, coalesce(s.views, 0) as views, coalesce(s.plays, 0) as plays,
        coalesce(s.unmutes, 0) as unmutes, coalesce(s.fullscreens, 0) as fullscreens,
        coalesce(w."reviewPlays", 0) as "reviewPlays", coalesce(w.quarters, 0) as quarters,
        coalesce(w.completed, 0) as completed
      from store s full join watched w on w.current = s.current`);
  }

  /** Sessions that first saw the widget in the range, by what they did since. */
  async outcomes(merchantId: string, start: string, end: string): Promise<OutcomeRow[]> {
    return this.database.rows(sql`
      select played, carted, purchased, sum(sessions)::int as sessions from ${widgetSessionOutcomeDaily}
      where merchant_id = ${merchantId} and day between ${start}::date and ${end}::date
      group by 1, 2, 3`);
  }

  /** The reviews played by the most sessions in the range, with how many of those reached the end. */
  async mostWatched(
    merchantId: string,
    parts: RangeParts,
    limit: number,
  ): Promise<
    Array<{
      reviewId: string;
      customerName: string;
      productId: string;
      productName: string;
      plays: number;
      completed: number;
    }>
  > {
    return this.database.rows(sql`
      with counted as (
        ${unionOf([
          ...parts.days.map(
            (days) => sql`select review_id, type, sessions from ${reviewEngagementDaily}
              where merchant_id = ${merchantId} and type in ('play', 'watched_100')
                and day between ${days.start}::date and ${days.end}::date`,
          ),
          parts.months &&
            sql`select review_id, type, sessions from ${reviewEngagementMonthly}
              where merchant_id = ${merchantId} and month between ${parts.months.first}::date and ${parts.months.last}::date`,
        ])}
      ), watched as (
        select review_id,
          coalesce(sum(sessions) filter (where type = 'play'), 0)::int as plays,
          coalesce(sum(sessions) filter (where type = 'watched_100'), 0)::int as completed
        from counted
        group by review_id
        having sum(sessions) filter (where type = 'play') > 0
        order by plays desc, review_id
        limit ${limit}
      )
      select w.review_id as "reviewId", r.customer_name as "customerName", p.id as "productId",
        p.name as "productName", w.plays, w.completed
      from watched w join ${reviews} r on r.id = w.review_id join ${products} p on p.id = r.product_id
      where r.deleted_at is null
      order by w.plays desc, w.review_id`);
  }

  /** Reviews received and not rejected, per week (Monday first) and star. */
  async ratings(
    merchantId: string,
    start: string,
    end: string,
  ): Promise<Array<{ week: string; rating: number; reviews: number }>> {
    return this.database.rows(sql`
      select date_trunc('week', day)::date::text as week, rating, sum(reviews)::int as reviews
      from ${reviewRatingDaily}
      where merchant_id = ${merchantId} and status <> 'rejected' and day between ${start}::date and ${end}::date
      group by 1, 2 having sum(reviews) > 0`);
  }

  async sources(
    merchantId: string,
    start: string,
    end: string,
  ): Promise<Array<{ source: TReviewSource; reviews: number }>> {
    return this.database.rows(sql`
      select source, sum(reviews)::int as reviews from ${reviewRatingDaily}
      where merchant_id = ${merchantId} and status <> 'rejected' and day between ${start}::date and ${end}::date
      group by 1 having sum(reviews) > 0 order by 2 desc, 1`);
  }

  /** Requests first sent in each week of the range (store's time zone); null when the store never sent one. */
  async funnel(
    merchantId: string,
    start: string,
    end: string,
  ): Promise<Array<{ week: string; sent: number; opened: number; reviewed: number }> | null> {
    const [any] = await this.database.rows<{ one: number }>(sql`
      select 1 as one from ${reviewRequestFunnelDaily} where merchant_id = ${merchantId} and sent > 0 limit 1`);
    if (!any) return null;
    return this.database.rows(sql`
      select date_trunc('week', day)::date::text as week, sum(sent)::int as sent, sum(opened)::int as opened,
        sum(reviewed)::int as reviewed
      from ${reviewRequestFunnelDaily}
      where merchant_id = ${merchantId} and day between ${start}::date and ${end}::date
      group by 1`);
  }

  /**
   * The products the widget showed or that received reviews in the range, with their figures, in `order`: one page
   * (`limit`, `offset`), and how many there are in all.
   */
  async products(
    merchantId: string,
    parts: RangeParts,
    byOrders: boolean,
    order: { column: ProductColumn; descending: boolean },
    limit: number,
    offset: number,
  ): Promise<{ count: number; rows: ProductRow[] }> {
    const converted = byOrders ? sql`'purchase'` : sql`'add_to_cart'`;
    const direction = order.descending ? sql`desc` : sql`asc`;
    const rows = await this.database.rows<ProductRow & { total: number }>(sql`
      with seen as (
        select product_id,
          coalesce(sum(sessions) filter (where type = 'view'), 0)::int as views,
          coalesce(sum(sessions) filter (where type = 'play'), 0)::int as plays,
          coalesce(sum(sessions) filter (where type = ${converted}), 0)::int as conversions
        from (
          ${unionOf([
            ...parts.days.map(
              (days) => sql`select product_id, type, sessions from ${widgetEventDaily}
                where merchant_id = ${merchantId} and product_id is not null
                  and day between ${days.start}::date and ${days.end}::date and type in ('view', 'play', ${converted})`,
            ),
            parts.months &&
              sql`select product_id, type, sessions from ${widgetEventProductMonthly}
                where merchant_id = ${merchantId} and month between ${parts.months.first}::date and ${parts.months.last}::date
                  and type in ('view', 'play', ${converted})`,
          ])}
        ) counted
        group by product_id
      ), received as (
        select product_id, sum(reviews)::int as reviews from (
          ${unionOf([
            ...parts.days.map(
              (days) => sql`select product_id, reviews from ${reviewProductDaily}
                where merchant_id = ${merchantId} and day between ${days.start}::date and ${days.end}::date`,
            ),
            parts.months &&
              sql`select product_id, reviews from ${reviewProductMonthly}
                where merchant_id = ${merchantId} and month between ${parts.months.first}::date and ${parts.months.last}::date`,
          ])}
        ) counted group by product_id having sum(reviews) > 0
      ), joined as (
        select coalesce(s.product_id, r.product_id) as product_id, coalesce(s.views, 0) as views,
          coalesce(s.plays, 0) as plays, coalesce(s.conversions, 0) as conversions, coalesce(r.reviews, 0) as reviews
        from seen s full join received r on r.product_id = s.product_id
      ), figures as (
        select j.*, p.name, p.image_url as image,
          case when j.views > 0 then least(1, j.plays::float8 / j.views) end as play_rate,
          case when j.views > 0 then least(1, j.conversions::float8 / j.views) end as conversion_rate,
          round(c.rating_sum::numeric / nullif(c.reviews, 0), 1)::float8 as average_rating
        from joined j join ${products} p on p.id = j.product_id
          left join ${productRatingCounters} c on c.merchant_id = ${merchantId} and c.product_id = j.product_id
      )
      select product_id as "productId", name, image, views, plays, play_rate as "playRate", conversions,
        conversion_rate as "conversionRate", reviews, average_rating as "averageRating", count(*) over ()::int as total
      from figures
      order by ${sql.identifier(PRODUCT_COLUMNS[order.column])} ${direction} nulls last, name, product_id
      limit ${limit} offset ${offset}`);
    return { count: rows[0]?.total ?? 0, rows: rows.map(({ total: _total, ...row }) => row) };
  }
}

export interface ProductRow {
  productId: string;
  name: string;
  image: string | null;
  views: number;
  plays: number;
  playRate: number | null;
  conversions: number;
  conversionRate: number | null;
  reviews: number;
  /** Of the product's published reviews, all time (its counters), to one decimal. */
  averageRating: number | null;
}

/** The parts' selects as one, `union all`; never empty (a range has days or months). */
function unionOf(parts: Array<SQL | null>): SQL {
  return sql.join(
    parts.filter((part): part is SQL => part !== null),
    sql` union all `,
  );
}

/** What the table sorts by, and the column of the query's result that holds it. */
const PRODUCT_COLUMNS = {
  views: 'views',
  plays: 'plays',
  play_rate: 'play_rate',
  conversions: 'conversions',
  conversion_rate: 'conversion_rate',
  reviews: 'reviews',
  average_rating: 'average_rating',
  name: 'name',
} as const;
export type ProductColumn = keyof typeof PRODUCT_COLUMNS;
