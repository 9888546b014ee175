import { Module } from '@nestjs/common';
import { PlatformRatingsModule } from '../../platform-ratings/platform-ratings.module.js';
import { ProductsModule } from '../../products/products.module.js';
import { WidgetScriptModule } from '../../widget-script/widget-script.module.js';
import { PlatformDiscountsModule } from '../../review-requests/incentives/platform-discounts.js';
import { IntegrationsModule } from '../integrations.module.js';
import { BigCommerceClient } from './bigcommerce.client.js';
import { BigCommerceCoupons } from './bigcommerce-coupons.js';
import { BigCommerceConnectService } from './bigcommerce-connect.service.js';
import { BigCommerceCredentialsOf } from './bigcommerce-credentials.js';
import { BigCommerceNativeReviews } from './bigcommerce-native-reviews.js';
import { BigCommerceNativeReviewsService } from './bigcommerce-native-reviews.service.js';
import { BigCommerceReviewCopiesRepository } from './bigcommerce-review-copies.repository.js';
import { BigCommerceController } from './bigcommerce.controller.js';
import { BigCommerceSetupService } from './bigcommerce-setup.service.js';
import { BigCommerceStatusService } from './bigcommerce-status.service.js';
import { BigCommerceWebhookHandlers } from './bigcommerce-webhooks.handlers.js';
import { BigCommerceWebhookRoutes } from './bigcommerce-webhooks.routes.js';

/** BigCommerce through a Store API account: connect, the widget's script, webhooks, catalogue, copies of
 * published reviews into the store's own (EXTERNAL_APIS §2). */
@Module({
  imports: [IntegrationsModule, ProductsModule, WidgetScriptModule, PlatformDiscountsModule, PlatformRatingsModule],
  controllers: [BigCommerceController],
  providers: [
    BigCommerceClient,
    BigCommerceConnectService,
    BigCommerceCoupons,
    BigCommerceCredentialsOf,
    BigCommerceNativeReviews,
    BigCommerceNativeReviewsService,
    BigCommerceReviewCopiesRepository,
    BigCommerceSetupService,
    BigCommerceStatusService,
    BigCommerceWebhookHandlers,
    BigCommerceWebhookRoutes,
  ],
})
export class BigCommerceModule {}
