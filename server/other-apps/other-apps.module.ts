import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { OtherAppsController } from './other-apps.controller.js';

@Module({ imports: [AuthModule], controllers: [OtherAppsController] })
export class OtherAppsModule {}
