import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { OtherAppsController } from './other-apps.controller.js';
import { OtherAppsService } from './other-apps.service.js';

@Module({ imports: [AuthModule], controllers: [OtherAppsController], providers: [OtherAppsService] })
export class OtherAppsModule {}
