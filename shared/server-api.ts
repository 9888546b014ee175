import type { TAnalyticsReader } from './analytics.js';
import type { TUsageDetails } from './billing.js';

/**
 * `pageContext.serverApi`: the reads a server render makes in process for the signed-in user's current store, so a
 * page arrives with its data. Each is null when signed out, without a store, or without the permission its API
 * route needs.
 */
export interface TServerApi {
  analytics: TAnalyticsReader | null;
  usageDetails: (() => Promise<TUsageDetails>) | null;
}
