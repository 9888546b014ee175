import { Controller, Get } from '@nestjs/common';
import { ZInstallationSnippet, type TInstallationSnippet } from '../../shared/widgets.js';
import { requireWorkspace, storeOf, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { InstallationService } from './installation.service.js';

/** SPEC §2 Manual installation: the script tag a merchant pastes into the store's head (DESIGN §7). */
@Controller('api/installation')
export class InstallationController {
  constructor(private readonly installation: InstallationService) {}

  @Get('snippet/')
  @Authenticated('edit_widget')
  @Answers(ZInstallationSnippet)
  snippet(@Auth() auth: AuthContext): TInstallationSnippet {
    return this.installation.snippet(storeOf(requireWorkspace(auth)).storeId);
  }
}
