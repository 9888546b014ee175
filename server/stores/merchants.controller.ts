import { Controller, Get, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ZMerchantDetails, type TMerchantDetails } from '../../shared/accounts.js';
import { Answers } from '../common/route-outputs.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { INSTALL_CLAIM_COOKIE } from '../integrations/install-cookies.js';
import { StoresService } from './stores.service.js';

/** SPEC §7 `GET /api/merchants/{id}/`: what install-mode sign-up shows of the store it is about to claim. */
@Controller('api/merchants')
export class MerchantsController {
  constructor(private readonly stores: StoresService) {}

  @Get(':id/')
  @Answers(ZMerchantDetails, {
    answers: {
      404: {
        description:
          'No store has this id, or the caller neither installed it (its claim cookie) nor is one of its members.',
      },
    },
  })
  details(@Param('id', UuidParam) id: string, @Req() request: FastifyRequest): Promise<TMerchantDetails> {
    return this.stores.details(id, request.cookies[INSTALL_CLAIM_COOKIE], request);
  }
}
