import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ZWebhookDelivery,
  ZWebhookDeliveryListQuery,
  ZWebhookDeliveryPage,
  ZWebhookEndpoint,
  ZWebhookEndpointCreate,
  ZWebhookEndpointCreated,
  ZWebhookEndpointList,
  ZWebhookEndpointUpdate,
  ZWebhookSecret,
  type TWebhookDelivery,
  type TWebhookDeliveryListQuery,
  type TWebhookDeliveryPage,
  type TWebhookEndpoint,
  type TWebhookEndpointCreate,
  type TWebhookEndpointCreated,
  type TWebhookEndpointList,
  type TWebhookEndpointUpdate,
  type TWebhookSecret,
} from '../../shared/webhook-endpoints.js';
import { requireWorkspace, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated, KeyScope } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { UuidParam } from '../common/uuid.pipe.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';

const DISABLED = { 409: { description: 'The endpoint is off (`webhook_endpoint_disabled`): turn it on first.' } };

/** Settings → Webhooks (issue 28): owners, or a key with `webhooks:write`. */
@Controller('api/webhook-endpoints')
export class WebhookEndpointsController {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  @Get('/')
  @KeyScope('webhooks:write')
  @Authenticated('manage_integrations')
  @Answers(ZWebhookEndpointList, { description: "The store's endpoints, newest first; never a secret." })
  list(@Auth() auth: AuthContext): Promise<TWebhookEndpointList> {
    return this.endpoints.list(requireWorkspace(auth));
  }

  @Post('/')
  @KeyScope('webhooks:write')
  @Authenticated('manage_integrations')
  @Answers(ZWebhookEndpointCreated, {
    description: 'The new endpoint, with its signing secret in `secret`: shown this once.',
    answers: { 409: { description: 'The store holds the most endpoints it may (`webhook_endpoint_limit`).' } },
  })
  create(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZWebhookEndpointCreate)) body: TWebhookEndpointCreate,
  ): Promise<TWebhookEndpointCreated> {
    return this.endpoints.create(requireWorkspace(auth), body);
  }

  @Patch(':id/')
  @KeyScope('webhooks:write')
  @Authenticated('manage_integrations')
  @Answers(ZWebhookEndpoint, {
    description: 'Changed. `enabled: true` turns a disabled endpoint back on with its failures forgotten.',
  })
  update(
    @Auth() auth: AuthContext,
    @Param('id', UuidParam) id: string,
    @Body(new ZodPipe(ZWebhookEndpointUpdate)) body: TWebhookEndpointUpdate,
  ): Promise<TWebhookEndpoint> {
    return this.endpoints.update(requireWorkspace(auth), id, body);
  }

  @Delete(':id/')
  @HttpCode(204)
  @KeyScope('webhooks:write')
  @Authenticated('manage_integrations')
  @Answers(null, { description: 'Deleted, with its delivery log; waiting deliveries are not sent.' })
  remove(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<void> {
    return this.endpoints.remove(requireWorkspace(auth), id);
  }

  @Post(':id/secret/')
  @HttpCode(200)
  @KeyScope('webhooks:write')
  @Authenticated('manage_integrations')
  @Answers(ZWebhookSecret, { description: 'A new signing secret, shown this once; the old one stops at once.' })
  rotateSecret(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TWebhookSecret> {
    return this.endpoints.rotateSecret(requireWorkspace(auth), id);
  }

  @Post(':id/test/')
  @HttpCode(202)
  @KeyScope('webhooks:write')
  @Authenticated('manage_integrations')
  @Answers(ZWebhookDelivery, {
    description: 'A `webhook.test` message is queued to this endpoint; its outcome shows in the delivery log.',
    answers: DISABLED,
  })
  sendTest(@Auth() auth: AuthContext, @Param('id', UuidParam) id: string): Promise<TWebhookDelivery> {
    return this.endpoints.sendTest(requireWorkspace(auth), id);
  }

  @Get(':id/deliveries/')
  @KeyScope('webhooks:write')
  @Authenticated('manage_integrations')
  @Answers(ZWebhookDeliveryPage, { description: "The endpoint's deliveries of the last 30 days, newest first." })
  deliveries(
    @Auth() auth: AuthContext,
    @Param('id', UuidParam) id: string,
    @Query(new ZodPipe(ZWebhookDeliveryListQuery)) query: TWebhookDeliveryListQuery,
  ): Promise<TWebhookDeliveryPage> {
    return this.endpoints.deliveriesOf(requireWorkspace(auth), id, query);
  }

  @Post(':id/deliveries/:deliveryId/resend/')
  @HttpCode(202)
  @KeyScope('webhooks:write')
  @Authenticated('manage_integrations')
  @Answers(ZWebhookDelivery, {
    description: 'The same message (same `webhook-id`) is queued again, newly signed.',
    answers: {
      409: {
        description:
          'The endpoint is off (`webhook_endpoint_disabled`), or the delivery is waiting for a retry already (`webhook_delivery_pending`).',
      },
    },
  })
  resend(
    @Auth() auth: AuthContext,
    @Param('id', UuidParam) id: string,
    @Param('deliveryId', UuidParam) deliveryId: string,
  ): Promise<TWebhookDelivery> {
    return this.endpoints.resend(requireWorkspace(auth), id, deliveryId);
  }
}
