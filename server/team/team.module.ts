import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { TeamController } from './team.controller.js';
import { TeamService } from './team.service.js';

@Module({ imports: [AuthModule, MailModule], controllers: [TeamController], providers: [TeamService] })
export class TeamModule {}
