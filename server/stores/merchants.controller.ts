import { Controller, Get, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { TMerchantDetails } from '../../shared/accounts.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { INSTALL_CLAIM_COOKIE } from '../integrations/install-cookies.js';
import { StoresService } from './stores.service.js';

/** SPEC §7 `GET /api/merchants/{id}/`: what install-mode sign-up shows of the store it is about to claim. */
@Controller('api/merchants')
export class MerchantsController {
  constructor(private readonly stores: StoresService) {}

  @Get(':id/')
  details(@Param('id', UuidParam) id: string, @Req() request: FastifyRequest): Promise<TMerchantDetails> {
    return this.stores.details(id, request.cookies[INSTALL_CLAIM_COOKIE], request);
  }
}
