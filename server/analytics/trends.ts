import type { TTrend } from '../../shared/analytics.js';

export function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

const NO_CHANGE: TTrend = { direction: 'none', value: 0, from_zero: false, no_data: false };
/** From nothing to something: no change to give, it is new. */
const NEW: TTrend = { direction: 'up', value: 0, from_zero: true, no_data: false };
/** Nothing to compare: no trend at all, rather than a "no change" that would mean something. */
const NO_DATA: TTrend = { direction: 'none', value: 0, from_zero: false, no_data: true };

function trendOf(change: number): TTrend {
  const value = oneDecimal(Math.abs(change));
  if (value === 0) return NO_CHANGE;
  return { direction: change > 0 ? 'up' : 'down', value, from_zero: false, no_data: false };
}

/** A count against the previous period's, in percent; from nothing to something has no percentage: it is new. */
export function countTrend(current: number, previous: number): TTrend {
  if (previous === 0) return current > 0 ? NEW : NO_DATA;
  return trendOf(((current - previous) / previous) * 100);
}

/**
 * A rate or average against the previous period's, in its own points (null: nothing to average this period or the
 * one before). New when only this period has one; nothing to say when this one has none.
 */
export function pointsTrend(current: number | null, previous: number | null): TTrend {
  if (current === null) return NO_DATA;
  if (previous === null) return NEW;
  return trendOf(oneDecimal(current) - oneDecimal(previous));
}
