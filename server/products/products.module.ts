import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { CatalogService } from './catalog.service.js';
import { ProductsController } from './products.controller.js';
import { ProductsRepository } from './products.repository.js';
import { ProductsService } from './products.service.js';

/** The store's products: the list for the per-product widget setup, lookups for reviews and widgets, the catalogue sync. */
@Module({
  imports: [AuthModule],
  controllers: [ProductsController],
  providers: [ProductsRepository, ProductsService, CatalogService],
  exports: [ProductsRepository, CatalogService],
})
export class ProductsModule {}
