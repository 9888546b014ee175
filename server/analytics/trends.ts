import type { TTrend } from '../../shared/analytics.js';

export function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

const NO_CHANGE: TTrend = { direction: 'none', value: 0, from_zero: false };

function trendOf(change: number): TTrend {
  const value = oneDecimal(Math.abs(change));
  if (value === 0) return NO_CHANGE;
  return { direction: change > 0 ? 'up' : 'down', value, from_zero: false };
}

/** A count against the previous period's, in percent; from nothing to something has no percentage: it is new. */
export function countTrend(current: number, previous: number): TTrend {
  if (previous === 0) return current > 0 ? { direction: 'up', value: 0, from_zero: true } : NO_CHANGE;
  return trendOf(((current - previous) / previous) * 100);
}

/** A rate or average against the previous period's, in its own points; no trend when either has no data. */
export function pointsTrend(current: number | null, previous: number | null): TTrend {
  if (current === null || previous === null) return NO_CHANGE;
  return trendOf(oneDecimal(current) - oneDecimal(previous));
}
