import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MediaModule } from '../media/media.module.js';
import { MailModule } from '../mail/mail.module.js';
import { EmailChangeService } from './email-change.service.js';
import { EmailConfirmationController, ProfileController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';

@Module({
  imports: [AuthModule, MediaModule, MailModule],
  controllers: [ProfileController, EmailConfirmationController],
  providers: [ProfileService, EmailChangeService],
})
export class ProfileModule {}
