import { Module } from '@nestjs/common';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { WidgetScriptController } from './widget-script.controller.js';
import { WidgetScriptService } from './widget-script.service.js';

/** Serves the storefront widget's loader and bundles. */
@Module({
  imports: [StorefrontModule],
  controllers: [WidgetScriptController],
  providers: [WidgetScriptService],
  exports: [WidgetScriptService],
})
export class WidgetScriptModule {}
