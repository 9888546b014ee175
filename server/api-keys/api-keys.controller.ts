import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ZApiKeyCreate,
  ZApiKeyCreated,
  ZApiKeyList,
  type TApiKeyCreate,
  type TApiKeyCreated,
  type TApiKeyList,
} from '../../shared/api-keys.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { ApiKeysService } from './api-keys.service.js';

/** Settings → API keys (issue 28): owners only, and never through a key. */
@Controller('api/api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get('/')
  @Authenticated('manage_integrations')
  @Answers(ZApiKeyList, { description: "The store's keys, newest first, revoked ones included; never a key itself." })
  list(@Auth() auth: AuthContext): Promise<TApiKeyList> {
    return this.keys.list(requireWorkspace(auth));
  }

  @Post('/')
  @Authenticated('manage_integrations')
  @Answers(ZApiKeyCreated, {
    description: 'The new key, in `key`: shown this once, only its hash is kept.',
    answers: { 409: { description: 'The store already holds the most live keys it may (`api_key_limit`).' } },
  })
  create(@Auth() auth: AuthContext, @Body(new ZodPipe(ZApiKeyCreate)) body: TApiKeyCreate): Promise<TApiKeyCreated> {
    return this.keys.create(requireWorkspace(auth), body);
  }

  @Delete(':id/')
  @HttpCode(204)
  @Authenticated('manage_integrations')
  @Answers(null, { description: 'Revoked: the key is refused from now on, on every instance.' })
  revoke(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<void> {
    return this.keys.revoke(requireWorkspace(auth), id);
  }
}
