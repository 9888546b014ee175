import type { TTrend } from '../../shared/analytics.js';

export function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

function trendOf(change: number): TTrend {
  const value = oneDecimal(Math.abs(change));
  if (value === 0) return { direction: 'none', value: 0 };
  return { direction: change > 0 ? 'up' : 'down', value };
}

/** A count against the previous period's, in percent; from nothing to something reads as 100 %. */
export function countTrend(current: number, previous: number): TTrend {
  if (previous === 0) return current > 0 ? { direction: 'up', value: 100 } : { direction: 'none', value: 0 };
  return trendOf(((current - previous) / previous) * 100);
}

/** A rate or average against the previous period's, in its own points; no trend when either has no data. */
export function pointsTrend(current: number | null, previous: number | null): TTrend {
  if (current === null || previous === null) return { direction: 'none', value: 0 };
  return trendOf(oneDecimal(current) - oneDecimal(previous));
}
