import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import type { z } from 'zod';
import { ZMerchant, type TMerchant } from '../../../shared/accounts.js';
import {
  ZBigCommerceConnect,
  ZBigCommerceIntegration,
  ZBigCommerceNativeReviews,
  type TBigCommerceIntegration,
} from '../../../shared/integrations.js';
import { mapMerchant } from '../../accounts/accounts.mapper.js';
import { requireWorkspace, storeOf, type AuthContext } from '../../auth/auth-context.js';
import { Auth, Authenticated } from '../../auth/authenticated.decorator.js';
import { ApiError } from '../../common/api-error.js';
import { Answers } from '../../common/route-outputs.js';
import { ZodPipe } from '../../common/zod.pipe.js';
import { InstallError } from '../store-installs.service.js';
import { BigCommerceConnectService } from './bigcommerce-connect.service.js';
import { BigCommerceNativeReviewsService } from './bigcommerce-native-reviews.service.js';
import { BigCommerceStatusService } from './bigcommerce-status.service.js';

function asApiError(error: unknown): unknown {
  if (!(error instanceof InstallError)) return error;
  const status = error.code === 'store_taken' ? 409 : error.code === 'platform_error' ? 502 : 400;
  const code = error.code === 'platform_error' ? 'store_unreachable' : error.code;
  return new ApiError(status, { detail: error.message, code });
}

/** SPEC §7 `POST /api/auth/bigcommerce/connect/`, and the BigCommerce page's state and disconnect. */
@Controller()
export class BigCommerceController {
  constructor(
    private readonly connections: BigCommerceConnectService,
    private readonly statuses: BigCommerceStatusService,
    private readonly nativeReviews: BigCommerceNativeReviewsService,
  ) {}

  @Post('api/auth/bigcommerce/connect/')
  @HttpCode(200)
  @Authenticated('manage_integrations')
  @Answers(ZMerchant, {
    description: 'The store, connected to BigCommerce; its webhooks, script and catalogue follow in the background.',
    answers: {
      400: { description: 'The input is invalid, or BigCommerce refused the credentials (`invalid_credentials`).' },
      403: {
        description:
          "The workspace is not the caller's, the caller's role lacks `manage_integrations`, or the workspace has " +
          'no store yet (`no_store`).',
      },
      409: { description: 'This BigCommerce store is connected to another workspace (`store_taken`).' },
      502: { description: 'BigCommerce could not be reached (`store_unreachable`).' },
    },
  })
  async connect(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZBigCommerceConnect)) body: z.output<typeof ZBigCommerceConnect>,
  ): Promise<TMerchant> {
    const workspace = requireWorkspace(auth);
    storeOf(workspace);
    try {
      return mapMerchant(await this.connections.connect(workspace.workspace.workspaceId, body));
    } catch (error) {
      throw asApiError(error);
    }
  }

  @Get('api/integrations/bigcommerce/')
  @Authenticated('view_dashboard')
  @Answers(ZBigCommerceIntegration)
  status(@Auth() auth: AuthContext): Promise<TBigCommerceIntegration> {
    return this.statuses.status(storeOf(requireWorkspace(auth)));
  }

  @Put('api/integrations/bigcommerce/native-reviews/')
  @Authenticated('manage_integrations')
  @Answers(ZBigCommerceIntegration, {
    description: 'The choice is saved; the products concerned are copied or withdrawn in the background.',
    answers: { 409: { description: 'The store is not a BigCommerce one (`not_connected`).' } },
  })
  async chooseNativeReviews(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZBigCommerceNativeReviews)) body: z.output<typeof ZBigCommerceNativeReviews>,
  ): Promise<TBigCommerceIntegration> {
    return this.statuses.status(await this.nativeReviews.choose(storeOf(requireWorkspace(auth)), body.enabled));
  }

  @Post('api/integrations/bigcommerce/disconnect/')
  @HttpCode(200)
  @Authenticated('manage_integrations')
  @Answers(ZMerchant, {
    description:
      'The store, disconnected: its widget script and webhooks are removed from BigCommerce (already so for a store ' +
      'not connected).',
    answers: { 502: { description: 'BigCommerce could not be reached to remove the widget (`store_unreachable`).' } },
  })
  async disconnect(@Auth() auth: AuthContext): Promise<TMerchant> {
    try {
      return mapMerchant(await this.connections.disconnect(storeOf(requireWorkspace(auth))));
    } catch (error) {
      throw asApiError(error);
    }
  }
}
