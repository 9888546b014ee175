import type { TActivityInterval } from '../../shared/analytics.js';

// Calendar arithmetic on `YYYY-MM-DD` days, done in UTC so no local offset or DST shifts a day.

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Today in the store's time zone (UTC when unknown). */
export function todayIn(timeZone: string | null, now = new Date()): string {
  const zone = timeZone ?? 'UTC';
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(zone, format);
  }
  return format.format(now);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function nextMonth(month: string): string {
  const date = new Date(`${month}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
}

/** The last `days` days up to `today`, and the same length just before them. */
export interface Periods {
  today: string;
  start: string;
  previousStart: string;
}

export function periodsOf(today: string, days: number): Periods {
  return { today, start: addDays(today, 1 - days), previousStart: addDays(today, 1 - 2 * days) };
}

/** The first day of the first month that lies wholly from `start` on (whole months come from the monthly rollup). */
export function firstWholeMonth(start: string): string {
  return start.endsWith('-01') ? start : nextMonth(monthOf(start));
}

/** Every bucket of the period, oldest first: each day, or the first day of each month it touches. */
export function bucketsOf(start: string, today: string, interval: TActivityInterval): string[] {
  const buckets: string[] = [];
  if (interval === 'day') {
    for (let day = start; day <= today; day = addDays(day, 1)) buckets.push(day);
  } else {
    for (let month = monthOf(start); month <= today; month = nextMonth(month)) buckets.push(month);
  }
  return buckets;
}
