import type { TApiKeyList } from './api-keys.js';
import type { TInsightsReader } from './insights.js';
import type { TAnalyticsReader } from './analytics.js';
import type { TInvitation, TListOf, TTeamMember } from './accounts.js';
import type { TUsageDetails } from './billing.js';
import type { TRequestFunnelPeriod, TRequestStatus } from './review-request-options.js';
import type { TReviewRequestFunnel, TReviewRequestPage } from './review-requests.js';
import type { TMediaStatus, TPage, TReview, TReviewFilter, TReviewStats } from './reviews.js';
import type { TModerationSettings } from './moderation.js';
import type { TWebhookEndpointList } from './webhook-endpoints.js';
import type { TWidgetSettings } from './widgets.js';

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

/**
 * `pageContext.serverApi`: the reads a server render makes in process for the signed-in user's current store (or
 * workspace), so a page arrives with its data. Each is null when signed out, without a store, or without the
 * permission its API route needs; the public ones (marked so) are there for everyone.
 */
export interface TServerApi {
  analytics: TAnalyticsReader | null;
  insights: TInsightsReader | null;
  usageDetails: (() => Promise<TUsageDetails>) | null;
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
