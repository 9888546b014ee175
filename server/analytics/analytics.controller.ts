import { Controller, Get, Query } from '@nestjs/common';
import type { z } from 'zod';
import {
  ZAnalyticsQuery,
  ZDashboardMetrics,
  ZReviewActivity,
  ZReviewActivityQuery,
  ZTopProducts,
  ZTopProductsQuery,
  type TDashboardMetrics,
  type TReviewActivity,
  type TTopProducts,
} from '../../shared/analytics.js';
import { requireWorkspace, storeOf, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated, KeyScope } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { AnalyticsService } from './analytics.service.js';

@Controller('api/analytics')
@KeyScope('analytics:read')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get('dashboard_metrics/')
  @Authenticated('view_dashboard')
  @Answers(ZDashboardMetrics)
  metrics(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZAnalyticsQuery)) query: z.output<typeof ZAnalyticsQuery>,
  ): Promise<TDashboardMetrics> {
    return this.analytics.dashboardMetrics(storeOf(requireWorkspace(auth)), query.days);
  }

  @Get('review_activity/')
  @Authenticated('view_dashboard')
  @Answers(ZReviewActivity)
  activity(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZReviewActivityQuery)) query: z.output<typeof ZReviewActivityQuery>,
  ): Promise<TReviewActivity> {
    return this.analytics.reviewActivity(storeOf(requireWorkspace(auth)), query.days, query.interval, query.chart);
  }

  @Get('top_products/')
  @Authenticated('view_dashboard')
  @Answers(ZTopProducts)
  topProducts(
    @Auth() auth: AuthContext,
    @Query(new ZodPipe(ZTopProductsQuery)) query: z.output<typeof ZTopProductsQuery>,
  ): Promise<TTopProducts> {
    return this.analytics.topProducts(storeOf(requireWorkspace(auth)), query.days, query.limit, query.chart);
  }
}
