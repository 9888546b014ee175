import { isConnected } from '../accounts/accounts.mapper.js';
import type { AnalyticsStore } from './analytics.repository.js';

/**
 * A connected Shopify store's orders carry the widget session that bought (the cart attribute the widget sets), so
 * its conversions are verified purchases. BigCommerce and Tienda Nube orders carry no session.
 */
export function attributesOrders(store: AnalyticsStore): boolean {
  return store.platform === 'shopify' && isConnected(store);
}
