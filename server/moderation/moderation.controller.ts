import { Body, Controller, Get, Put } from '@nestjs/common';
import type { z } from 'zod';
import { ZModerationSettings, ZModerationSettingsPatch, type TModerationSettings } from '../../shared/moderation.js';
import { requireWorkspace, storeOf, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { ModerationSettingsService } from './moderation-settings.service.js';

const store = (auth: AuthContext) => storeOf(requireWorkspace(auth)).id;

/** Automatic moderation: every member reads the rules; those who moderate reviews change them. */
@Controller('api/moderation')
export class ModerationController {
  constructor(private readonly settings: ModerationSettingsService) {}

  @Get('settings/')
  @Authenticated('view_dashboard')
  @Answers(ZModerationSettings)
  getSettings(@Auth() auth: AuthContext): Promise<TModerationSettings> {
    return this.settings.of(store(auth));
  }

  @Put('settings/')
  @Authenticated('moderate_reviews')
  @Answers(ZModerationSettings)
  saveSettings(
    @Auth() auth: AuthContext,
    @Body(new ZodPipe(ZModerationSettingsPatch)) body: z.output<typeof ZModerationSettingsPatch>,
  ): Promise<TModerationSettings> {
    return this.settings.save(store(auth), body);
  }
}
