import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { TInstallationSnippet } from '../../shared/widgets.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { GoogleFeedService } from '../google-feed/google-feed.service.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { WidgetScriptService } from '../widget-script/widget-script.service.js';

/** SPEC §2 Manual installation: the script tag a merchant pastes into the store's head (DESIGN §7), and its feed. */
@Injectable()
export class InstallationService implements OnModuleInit {
  constructor(
    private readonly scripts: WidgetScriptService,
    private readonly feeds: GoogleFeedService,
    private readonly accounts: AccountsRepository,
    private readonly readers: ServerReaders,
  ) {}

  onModuleInit(): void {
    // The installation card and the Google feed card, drawn with their pages (the API route's permission).
    this.readers.register(
      'installationSnippet',
      'edit_widget',
      (merchantId) => async () => this.snippet((await this.accounts.requireMerchant(merchantId)).storeId),
    );
  }

  snippet(storeId: string): TInstallationSnippet {
    const scriptUrl = this.scripts.scriptUrl(storeId);
    return {
      store_id: storeId,
      script_url: scriptUrl,
      snippet: `<script src="${scriptUrl}" async></script>`,
      google_feed_url: this.feeds.feedUrl(storeId),
    };
  }
}
