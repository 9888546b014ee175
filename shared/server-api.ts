import type { TApiKeyList } from './api-keys.js';
import type { TInsightsReader } from './insights.js';
import type { TAnalyticsReader } from './analytics.js';
import type { TInvitation, TListOf, TTeamMember } from './accounts.js';
import type {
  TActiveSubscription,
  TBillingConfig,
  TCurrentUsage,
  TPaymentMethod,
  TPlan,
  TUsageDetails,
} from './billing.js';
import type { TBigCommerceIntegration, TShopifyIntegration, TTiendaNubeIntegration } from './integrations.js';
import type { TNotificationPreferences } from './notifications.js';
import type { TOtherApps } from './other-apps.js';
import type { TQuestionStatus } from './question-options.js';
import type { TQuestion, TQuestionStats } from './questions.js';
import type { TReviewImport } from './review-imports.js';
import type { TRequestFunnelPeriod, TRequestStatus } from './review-request-options.js';
import type { TReviewRequestFunnel, TReviewRequestPage } from './review-requests.js';
import type { TMediaStatus, TPage, TReview, TReviewFilter, TReviewStats } from './reviews.js';
import type { TModerationSettings } from './moderation.js';
import type { TWebhookEndpointList } from './webhook-endpoints.js';
import type { TInstallationSnippet, TWidgetSettings } from './widgets.js';

/** A page of the merchant's reviews as the reviews page asks for it (its page size). */
export interface TReviewsRead {
  page: number;
  search: string;
  status: TReviewFilter | undefined;
}

/** A page of review requests as the review requests page asks for it (its page size). */
export interface TReviewRequestsRead {
  page: number;
  search: string;
  status: TRequestStatus | undefined;
}

/** A page of questions as the questions page asks for it (its page size). */
export interface TQuestionsRead {
  page: number;
  search: string;
  status: TQuestionStatus | undefined;
}

/**
 * `pageContext.serverApi`: the reads a server render makes in process for the signed-in user's current store (or
 * workspace), so a page arrives with its data. Each is null when signed out, without a store, or without the
 * permission its API route needs; the public ones (marked so) are there for everyone.
 */
export interface TServerApi {
  analytics: TAnalyticsReader | null;
  insights: TInsightsReader | null;
  usageDetails: (() => Promise<TUsageDetails>) | null;
  /** The billing page: the plans on sale, the store's usage, and (the owner's) how it pays, its subscription, cards. */
  billingPlans: (() => Promise<TListOf<TPlan>>) | null;
  currentUsage: (() => Promise<TCurrentUsage>) | null;
  billingConfig: (() => Promise<TBillingConfig>) | null;
  activeSubscription: (() => Promise<TActiveSubscription>) | null;
  paymentMethods: ((limit: number) => Promise<TListOf<TPaymentMethod>>) | null;
  installationSnippet: (() => Promise<TInstallationSnippet>) | null;
  shopifyIntegration: (() => Promise<TShopifyIntegration>) | null;
  bigcommerceIntegration: (() => Promise<TBigCommerceIntegration>) | null;
  tiendanubeIntegration: (() => Promise<TTiendaNubeIntegration>) | null;
  otherApps: (() => Promise<TOtherApps>) | null;
  reviewImports: (() => Promise<{ results: TReviewImport[] }>) | null;
  /** The signed-in member's own, for the current store. */
  notificationPreferences: (() => Promise<TNotificationPreferences>) | null;
  questions: ((query: TQuestionsRead) => Promise<TPage<TQuestion>>) | null;
  questionStats: (() => Promise<TQuestionStats>) | null;
  reviews: ((query: TReviewsRead) => Promise<TPage<TReview>>) | null;
  reviewStats: (() => Promise<TReviewStats>) | null;
  mediaStatus: (() => Promise<TMediaStatus>) | null;
  widgetSettings: (() => Promise<TWidgetSettings>) | null;
  moderationSettings: (() => Promise<TModerationSettings>) | null;
  reviewRequests: ((query: TReviewRequestsRead) => Promise<TReviewRequestPage>) | null;
  reviewRequestFunnel: ((days: TRequestFunnelPeriod) => Promise<TReviewRequestFunnel>) | null;
  /** Bound to the current workspace: a team exists before its store does. */
  teamMembers: (() => Promise<TListOf<TTeamMember>>) | null;
  invitations: (() => Promise<TListOf<TInvitation>>) | null;
  apiKeys: (() => Promise<TApiKeyList>) | null;
  webhookEndpoints: (() => Promise<TWebhookEndpointList>) | null;
  /** Public (no session): whether a password-reset link's code still works, not used and not expired. */
  resetCodeUsable: ((code: string) => Promise<boolean>) | null;
}
