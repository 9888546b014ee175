import { Controller, Get, Query } from '@nestjs/common';
import { z } from 'zod';
import type { TListOf } from '../../shared/accounts.js';
import { ZPlanList, type TPlan } from '../../shared/billing.js';
import { Authenticated } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { PlansService } from './plans.service.js';

const ZPlansQuery = z.object({ status: z.enum(['active', 'inactive']).optional() });

@Controller('api/billing/plans')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  /** Sorted by amount (SPEC §7 Billing). */
  @Get('/')
  @Authenticated()
  @Answers(ZPlanList, { description: 'The plans, cheapest first.' })
  list(@Query(new ZodPipe(ZPlansQuery)) query: z.output<typeof ZPlansQuery>): Promise<TListOf<TPlan>> {
    return this.plans.list(query.status);
  }
}
