import { Controller, Get, Inject } from '@nestjs/common';
import type { TInstallationSnippet } from '../../shared/widgets.js';
import { requireWorkspace, storeOf, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

/** SPEC §2 Manual installation: the script tag a merchant pastes into the store's head (DESIGN §7). */
@Controller('api/installation')
export class InstallationController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('snippet/')
  @Authenticated('edit_widget')
  snippet(@Auth() auth: AuthContext): TInstallationSnippet {
    const { storeId } = storeOf(requireWorkspace(auth));
    const scriptUrl = `${this.config.publicUrl}/widget/v1/${encodeURIComponent(storeId)}.js`;
    return { store_id: storeId, script_url: scriptUrl, snippet: `<script src="${scriptUrl}" async></script>` };
  }
}
