import { Body, Controller, HttpCode, Param, Patch, Post } from '@nestjs/common';
import type { z } from 'zod';
import { ZMerchant, ZStoreUpdate, type TMerchant } from '../../shared/accounts.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { StoresService } from './stores.service.js';

@Controller('api/stores')
export class StoresController {
  constructor(private readonly stores: StoresService) {}

  @Post('shopify_setup_complete/')
  @HttpCode(200)
  @Authenticated('view_dashboard')
  @Answers(ZMerchant, {
    description: 'The store, its Shopify setup banner dismissed.',
    answers: {
      403: { description: "The workspace is not the caller's, or it has no store yet (`no_store`)." },
    },
  })
  completeShopifySetup(@Auth() auth: AuthContext): Promise<TMerchant> {
    return this.stores.completeShopifySetup(requireWorkspace(auth));
  }

  @Patch(':id/')
  @Authenticated('manage_store')
  @Answers(ZMerchant, { description: 'The store as saved.' })
  update(
    @Auth() auth: AuthContext,
    @Param('id', UuidParam) id: string,
    @Body(new ZodPipe(ZStoreUpdate)) body: z.output<typeof ZStoreUpdate>,
  ): Promise<TMerchant> {
    return this.stores.update(requireWorkspace(auth), id, body);
  }
}
