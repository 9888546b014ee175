import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';
import { Prerequisites } from './prerequisites.service.js';

@Module({ controllers: [HealthController], providers: [HealthService, Prerequisites], exports: [Prerequisites] })
export class HealthModule {}
