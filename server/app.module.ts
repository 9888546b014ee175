import { Module, type DynamicModule } from '@nestjs/common';
import { MetricsModule } from './metrics/metrics.module.js';
import { ApiDocsModule } from './api-docs/api-docs.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { InsightsModule } from './insights/insights.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BillingModule } from './billing/billing.module.js';
import { CacheModule } from './cache/cache.module.js';
import type { AppConfig } from './config/config.js';
import { ClockModule } from './common/clock.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { EventsModule } from './events/domain-events.js';
import { HelpfulVotesModule } from './helpful-votes/helpful-votes.module.js';
import { GoogleFeedModule } from './google-feed/google-feed.module.js';
import { HealthModule } from './health/health.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { BigCommerceModule } from './integrations/bigcommerce/bigcommerce.module.js';
import { ShopifyModule } from './integrations/shopify/shopify.module.js';
import { TiendaNubeModule } from './integrations/tiendanube/tiendanube.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { OtherAppsModule } from './other-apps/other-apps.module.js';
import { MailModule } from './mail/mail.module.js';
import { MediaModule } from './media/media.module.js';
import { ModerationModule } from './moderation/moderation.module.js';
import { ProfileModule } from './profile/profile.module.js';
import { ReviewExportModule } from './review-export/review-export.module.js';
import { ReviewImportsModule } from './review-imports/review-imports.module.js';
import { QuestionsModule } from './questions/questions.module.js';
import { RateLimitsModule } from './rate-limits/rate-limits.module.js';
import { ReviewRepliesModule } from './review-replies/review-replies.module.js';
import { ApiKeysModule } from './api-keys/api-keys.module.js';
import { ReviewRequestsModule } from './review-requests/review-requests.module.js';
import { ReviewsModule } from './reviews/reviews.module.js';
import { ServerReadersModule } from './ssr/server-readers.js';
import { SsrModule } from './ssr/ssr.module.js';
import { StoresModule } from './stores/stores.module.js';
import { StorefrontModule } from './storefront/storefront.module.js';
import { TeamModule } from './team/team.module.js';
import { WebhookEndpointsModule } from './webhook-endpoints/webhook-endpoints.module.js';
import { WidgetEventsModule } from './widget-events/widget-events.module.js';
import { WidgetScriptModule } from './widget-script/widget-script.module.js';
import { WidgetsModule } from './widgets/widgets.module.js';
import { WorkspacesModule } from './workspaces/workspaces.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        JobsModule,
        CacheModule,
        RateLimitsModule,
        EventsModule,
        ClockModule,
        ServerReadersModule,
        MailModule,
        MediaModule,
        AccountsModule,
        AuthModule,
        ApiKeysModule,
        WebhookEndpointsModule,
        ProfileModule,
        TeamModule,
        WorkspacesModule,
        StoresModule,
        BillingModule,
        ReviewsModule,
        ModerationModule,
        ReviewRequestsModule,
        ReviewRepliesModule,
        ReviewExportModule,
        ReviewImportsModule,
        NotificationsModule,
        QuestionsModule,
        WidgetsModule,
        StorefrontModule,
        WidgetEventsModule,
        HelpfulVotesModule,
        WidgetScriptModule,
        GoogleFeedModule,
        AnalyticsModule,
        InsightsModule,
        ShopifyModule,
        BigCommerceModule,
        TiendaNubeModule,
        OtherAppsModule,
        HealthModule,
        ApiDocsModule,
        MetricsModule,
        // Last: its catch-all GET route must come after every API route.
        SsrModule,
      ],
    };
  }
}
