import { Module } from '@nestjs/common';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { WidgetScriptRoutes } from './widget-script.routes.js';
import { WidgetScriptService } from './widget-script.service.js';

/** Serves the storefront widget's loader and bundles. */
@Module({
  imports: [StorefrontModule],
  providers: [WidgetScriptService, WidgetScriptRoutes],
  exports: [WidgetScriptService],
})
export class WidgetScriptModule {}
