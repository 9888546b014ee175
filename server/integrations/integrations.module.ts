import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { MediaModule } from '../media/media.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { HelpfulVotesModule } from '../helpful-votes/helpful-votes.module.js';
import { WidgetEventsModule } from '../widget-events/widget-events.module.js';
import { OAuthStatesRepository } from './oauth-states.repository.js';
import { PrivacyService } from './privacy.service.js';
import { StoreConnectionsRepository } from './store-connections.repository.js';
import { StoreErasureRepository } from './store-erasure.repository.js';
import { StoreInbox } from './store-inbox.js';
import { StoreTokens } from './store-tokens.js';
import { InstallSessions } from './install-sessions.js';
import { StoreInstalls } from './store-installs.service.js';
import { InboxModule } from '../inbox/inbox.module.js';

/**
 * What every store platform integration shares (DESIGN §11): store connections with sealed tokens, OAuth states, the
 * inbox of platform events, and privacy requests. Each platform is one folder beside it, importing this module.
 */
@Module({
  imports: [
    AuthModule,
    InboxModule,
    MailModule,
    MediaModule,
    OrdersModule,
    ReviewsModule,
    WidgetEventsModule,
    HelpfulVotesModule,
  ],
  providers: [
    InstallSessions,
    OAuthStatesRepository,
    PrivacyService,
    StoreConnectionsRepository,
    StoreErasureRepository,
    StoreInbox,
    StoreInstalls,
    StoreTokens,
  ],
  exports: [
    AuthModule,
    InstallSessions,
    StoreInstalls,
    OrdersModule,
    OAuthStatesRepository,
    PrivacyService,
    StoreConnectionsRepository,
    StoreInbox,
    StoreTokens,
    InboxModule,
  ],
})
export class IntegrationsModule {}
