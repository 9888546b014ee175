import { Module } from '@nestjs/common';
import { SafeFetcher } from './safe-fetcher.service.js';

@Module({ providers: [SafeFetcher], exports: [SafeFetcher] })
export class OutboundModule {}
