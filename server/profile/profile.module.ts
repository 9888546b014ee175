import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MediaModule } from '../media/media.module.js';
import { ProfileController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';

@Module({ imports: [AuthModule, MediaModule], controllers: [ProfileController], providers: [ProfileService] })
export class ProfileModule {}
