import { Module } from '@nestjs/common';
import { StorefrontCache } from './storefront-cache.js';

@Module({ providers: [StorefrontCache], exports: [StorefrontCache] })
export class StorefrontModule {}
