import type { TDateRange } from '../../shared/insights.js';
import { addDays, firstWholeMonth, monthOf, nextMonth } from '../analytics/periods.js';

/**
 * A range of days as monthly rollups can read it: the whole calendar months inside it (first days, both included),
 * and the days around them, read from the daily rollups. Days after `today` hold nothing yet, so a range reaching
 * today reads the current month whole.
 */
export interface RangeParts {
  months: { first: string; last: string } | null;
  /** At most two spans, both ends included. */
  days: TDateRange[];
}

export function rangeParts(range: TDateRange, today: string): RangeParts {
  const lastOf = (month: string) => addDays(nextMonth(month), -1);
  const end = range.end >= today ? lastOf(monthOf(range.end)) : range.end;
  const first = firstWholeMonth(range.start);
  const last = lastOf(monthOf(end)) === end ? monthOf(end) : monthOf(addDays(monthOf(end), -1));
  if (first > last) return { months: null, days: [range] };
  const days: TDateRange[] = [];
  if (range.start < first) days.push({ start: range.start, end: addDays(first, -1) });
  const after = nextMonth(last);
  if (after <= range.end) days.push({ start: after, end: range.end });
  return { months: { first, last }, days };
}
