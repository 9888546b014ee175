import { Controller, Get } from '@nestjs/common';
import { ZOtherApps, type TOtherApps } from '../../shared/other-apps.js';
import { Authenticated } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { OtherAppsService } from './other-apps.service.js';

/** SPEC §2 Other apps: the vendor's sibling apps and where each is listed. */
@Controller('api/other-apps')
export class OtherAppsController {
  constructor(private readonly otherApps: OtherAppsService) {}

  @Get('/')
  @Authenticated('view_dashboard')
  @Answers(ZOtherApps)
  list(): TOtherApps {
    return this.otherApps.list();
  }
}
