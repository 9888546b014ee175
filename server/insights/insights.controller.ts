import { Controller, Get, Query } from '@nestjs/common';
import { ZInsightsQuery, type TInsights, type TInsightsQuery } from '../../shared/insights.js';
import { requireWorkspace, storeOf, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { InsightsService } from './insights.service.js';

@Controller('api/insights')
export class InsightsController {
  constructor(private readonly insights: InsightsService) {}

  @Get('/')
  @Authenticated('view_dashboard')
  read(@Auth() auth: AuthContext, @Query(new ZodPipe(ZInsightsQuery)) query: TInsightsQuery): Promise<TInsights> {
    return this.insights.insights(storeOf(requireWorkspace(auth)), query);
  }
}
