import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { SsrController } from './ssr.controller.js';
import { SsrService } from './ssr.service.js';

@Module({
  imports: [AuthModule],
  controllers: [SsrController],
  providers: [SsrService],
  exports: [SsrService],
})
export class SsrModule {}
