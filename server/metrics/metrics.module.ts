import { Module } from '@nestjs/common';
import { InboxModule } from '../inbox/inbox.module.js';
import { MetricsController } from './metrics.controller.js';

@Module({ imports: [InboxModule], controllers: [MetricsController] })
export class MetricsModule {}
