import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { GoogleFeedModule } from '../google-feed/google-feed.module.js';
import { InstallationController } from '../installation/installation.controller.js';
import { InstallationService } from '../installation/installation.service.js';
import { ProductsModule } from '../products/products.module.js';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { WidgetScriptModule } from '../widget-script/widget-script.module.js';
import { WidgetsController } from './widgets.controller.js';
import { WidgetsRepository } from './widgets.repository.js';
import { WidgetsService } from './widgets.service.js';
import { WidgetSettingsEvents } from './widget-settings-events.js';

/** Widget settings, per-product overrides and the installation snippet. */
@Module({
  imports: [AuthModule, GoogleFeedModule, ProductsModule, StorefrontModule, WidgetScriptModule],
  controllers: [WidgetsController, InstallationController],
  providers: [InstallationService, WidgetsRepository, WidgetsService, WidgetSettingsEvents],
  exports: [WidgetsRepository, WidgetSettingsEvents],
})
export class WidgetsModule {}
