import { Module } from '@nestjs/common';
import { BillingModule } from '../../billing/billing.module.js';
import { ProductsModule } from '../../products/products.module.js';
import { WidgetScriptModule } from '../../widget-script/widget-script.module.js';
import { PlatformDiscountsModule } from '../../review-requests/incentives/platform-discounts.js';
import { PlatformRatingsModule } from '../../platform-ratings/platform-ratings.module.js';
import { IntegrationsModule } from '../integrations.module.js';
import { ShopifyAuthController } from './shopify-auth.controller.js';
import { ShopifyBillingController } from './shopify-billing.controller.js';
import { ShopifyBilling } from './shopify-billing.service.js';
import { ShopifyInstallFlow } from './shopify-install.flow.js';
import { ShopifyInstallService } from './shopify-install.service.js';
import { ShopifySetupService } from './shopify-setup.service.js';
import { ShopifyStatusService } from './shopify-status.service.js';
import { ShopifyWebhookHandlers } from './shopify-webhooks.handlers.js';
import { ShopifyWebhookRoutes } from './shopify-webhooks.routes.js';
import { ShopifyClient } from './shopify.client.js';
import { ShopifyController } from './shopify.controller.js';
import { ShopifyDiscounts } from './shopify-discounts.js';
import { ShopifyRatings } from './shopify-ratings.js';
import { ShopifyWidgetLayout } from './shopify-widget-layout.js';
import { WidgetsModule } from '../../widgets/widgets.module.js';

/** The Shopify app: install (OAuth), webhooks, catalogue, theme app embed status, billing (EXTERNAL_APIS §1). */
@Module({
  imports: [
    BillingModule,
    IntegrationsModule,
    ProductsModule,
    WidgetScriptModule,
    PlatformDiscountsModule,
    PlatformRatingsModule,
    WidgetsModule,
  ],
  controllers: [ShopifyAuthController, ShopifyBillingController, ShopifyController],
  providers: [
    ShopifyBilling,
    ShopifyClient,
    ShopifyDiscounts,
    ShopifyRatings,
    ShopifyInstallService,
    ShopifyInstallFlow,
    ShopifySetupService,
    ShopifyWidgetLayout,
    ShopifyStatusService,
    ShopifyWebhookHandlers,
    ShopifyWebhookRoutes,
  ],
})
export class ShopifyModule {}
