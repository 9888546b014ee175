import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { StorefrontModule } from '../storefront/storefront.module.js';
import { MerchantsController } from './merchants.controller.js';
import { StoresController } from './stores.controller.js';
import { StoresService } from './stores.service.js';

@Module({
  imports: [AuthModule, StorefrontModule],
  controllers: [StoresController, MerchantsController],
  providers: [StoresService],
})
export class StoresModule {}
