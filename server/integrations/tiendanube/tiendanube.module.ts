import { Module } from '@nestjs/common';
import { ProductsModule } from '../../products/products.module.js';
import { WidgetScriptModule } from '../../widget-script/widget-script.module.js';
import { PlatformDiscountsModule } from '../../review-requests/incentives/platform-discounts.js';
import { PlatformRatingsModule } from '../../platform-ratings/platform-ratings.module.js';
import { IntegrationsModule } from '../integrations.module.js';
import { TiendaNubeClient } from './tiendanube.client.js';
import { TiendaNubeCoupons } from './tiendanube-coupons.js';
import { TiendaNubeRatings } from './tiendanube-ratings.js';
import { TiendaNubeController } from './tiendanube.controller.js';
import { TiendaNubeInstallService } from './tiendanube-install.service.js';
import { TiendaNubeSetupService } from './tiendanube-setup.service.js';
import { TiendaNubeStatusService } from './tiendanube-status.service.js';
import { TiendaNubeStoreOf } from './tiendanube-store.js';
import { TiendaNubeWebhookHandlers } from './tiendanube-webhooks.handlers.js';
import { TiendaNubeWebhookRoutes } from './tiendanube-webhooks.routes.js';

/** The Tienda Nube app: install (OAuth code), webhooks and LGPD topics, the widget's script, catalogue (§3). */
@Module({
  imports: [IntegrationsModule, PlatformDiscountsModule, PlatformRatingsModule, ProductsModule, WidgetScriptModule],
  controllers: [TiendaNubeController],
  providers: [
    TiendaNubeClient,
    TiendaNubeCoupons,
    TiendaNubeRatings,
    TiendaNubeInstallService,
    TiendaNubeSetupService,
    TiendaNubeStatusService,
    TiendaNubeStoreOf,
    TiendaNubeWebhookHandlers,
    TiendaNubeWebhookRoutes,
  ],
})
export class TiendaNubeModule {}
