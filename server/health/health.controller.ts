import { Controller, Get } from '@nestjs/common';
import { HealthService } from './health.service.js';

@Controller('api')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('health')
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  ready() {
    return this.health.readiness();
  }
}
