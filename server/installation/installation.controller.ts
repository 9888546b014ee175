import { Controller, Get } from '@nestjs/common';
import { ZInstallationSnippet, type TInstallationSnippet } from '../../shared/widgets.js';
import { requireWorkspace, storeOf, type AuthContext } from '../auth/auth-context.js';
import { Auth, Authenticated } from '../auth/authenticated.decorator.js';
import { Answers } from '../common/route-outputs.js';
import { GoogleFeedService } from '../google-feed/google-feed.service.js';
import { WidgetScriptService } from '../widget-script/widget-script.service.js';

/** SPEC §2 Manual installation: the script tag a merchant pastes into the store's head (DESIGN §7). */
@Controller('api/installation')
export class InstallationController {
  constructor(
    private readonly scripts: WidgetScriptService,
    private readonly feeds: GoogleFeedService,
  ) {}

  @Get('snippet/')
  @Authenticated('edit_widget')
  @Answers(ZInstallationSnippet)
  snippet(@Auth() auth: AuthContext): TInstallationSnippet {
    const { storeId } = storeOf(requireWorkspace(auth));
    const scriptUrl = this.scripts.scriptUrl(storeId);
    return {
      store_id: storeId,
      script_url: scriptUrl,
      snippet: `<script src="${scriptUrl}" async></script>`,
      google_feed_url: this.feeds.feedUrl(storeId),
    };
  }
}
