import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { InstallationController } from '../installation/installation.controller.js';
import { ProductsController } from '../products/products.controller.js';
import { ProductsRepository } from '../products/products.repository.js';
import { ProductsService } from '../products/products.service.js';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { WidgetsController } from './widgets.controller.js';
import { WidgetsRepository } from './widgets.repository.js';
import { WidgetsService } from './widgets.service.js';

/** Widget settings, per-product overrides, the product list they need, and the installation snippet. */
@Module({
  imports: [AuthModule, StorefrontModule],
  controllers: [WidgetsController, ProductsController, InstallationController],
  providers: [WidgetsRepository, WidgetsService, ProductsRepository, ProductsService],
})
export class WidgetsModule {}
