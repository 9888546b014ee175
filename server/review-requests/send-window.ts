import { TZDate } from '@date-fns/tz';

/** A store's daily send window, "HH:MM" store-local: mails go out from `start` until before `end`. */
export interface SendWindow {
  start: string;
  end: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The store's IANA time zone, or UTC when the platform gave none (or one this runtime does not know). */
export function timeZoneOr(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

/** The wall-clock instant `minutes` after midnight of `local`'s day, `days` days on, in `zone`. */
function atLocal(local: TZDate, days: number, minutes: number, zone: string): Date {
  const at = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + days, 0, minutes, 0, 0, zone);
  return new Date(at.getTime());
}

/**
 * `at`, or the next opening of the window after it: the same local day's start when `at` is before it, the next
 * day's once the window closed. Wall-clock times in `zone`, so a window stays 09:00–20:00 local across a DST change.
 */
export function intoWindow(at: Date, window: SendWindow, zone: string): Date {
  const local = new TZDate(at.getTime(), zone);
  const now = local.getHours() * 60 + local.getMinutes();
  const start = minutesOf(window.start);
  if (now < start) return atLocal(local, 0, start, zone);
  if (now >= minutesOf(window.end)) return atLocal(local, 1, start, zone);
  return at;
}

/**
 * When a mail due `days` days after `from` goes out: that many calendar days later at the same local time (a week
 * after 15:00 is 15:00, whatever DST did meanwhile), never before `now`, moved into the send window.
 */
export function sendInstant(from: Date, days: number, window: SendWindow, zone: string, now: Date): Date {
  const local = new TZDate(from.getTime(), zone);
  local.setDate(local.getDate() + days);
  const due = Math.max(local.getTime(), now.getTime());
  return intoWindow(new Date(due), window, zone);
}

/** `days` whole days in milliseconds (a link's lifetime). */
export function daysMs(days: number): number {
  return days * DAY_MS;
}
