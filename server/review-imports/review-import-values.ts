// Reading the cells every format shares: ratings, dates, media links. Pure functions, no I/O.

export type RatingCell = { rating: number } | { error: 'missing_rating' | 'bad_rating' | 'rating_out_of_range' };

/** A star rating from 1 to 5; "4.0" is 4, but 4.5 is no whole star and 0 or 6 is off the scale. */
export function readRating(text: string): RatingCell {
  if (!text) return { error: 'missing_rating' };
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return { error: 'bad_rating' };
  const rating = Number(text);
  if (!Number.isInteger(rating)) return { error: 'bad_rating' };
  if (rating < 1 || rating > 5) return { error: 'rating_out_of_range' };
  return { rating };
}

const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?$/i;
const SLASHED =
  /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?)?\s*(Z|UTC|GMT)?$/i;

function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
  const valid =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  return valid ? date : null;
}

function offsetMinutes(zone: string | undefined): number {
  if (!zone || /^(z|utc|gmt)$/i.test(zone)) return 0;
  const [, sign, hours, minutes] = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/**
 * A review date as the apps write them: ISO 8601 (with T or a space, Z, "UTC" or an offset; none is UTC), or with
 * slashes in the format's day order (`slashDates`). When the format's order gives no real date but the other does
 * (13/04 in a month-first file), the other is taken. Null for anything else, and for dates more than a day ahead.
 */
export function readDate(text: string, slashDates: 'dmy' | 'mdy', now = new Date()): Date | null {
  let date: Date | null = null;
  const iso = ISO.exec(text);
  if (iso) {
    const [, y, mo, d, h, mi, s, fraction, zone] = iso;
    const ms = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
    date = utc(Number(y), Number(mo), Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), ms);
    if (date) date = new Date(date.getTime() - offsetMinutes(zone) * 60_000);
  }
  const slashed = SLASHED.exec(text);
  if (slashed) {
    const [, first, second, y, h, mi, s, meridiem] = slashed;
    let hour = Number(h ?? 0);
    if (meridiem) {
      if (hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (/pm/i.test(meridiem) ? 12 : 0);
    }
    const [day, month] = slashDates === 'dmy' ? [first, second] : [second, first];
    const time = [hour, Number(mi ?? 0), Number(s ?? 0)] as const;
    date = utc(Number(y), Number(month), Number(day), ...time) ?? utc(Number(y), Number(day), Number(month), ...time);
  }
  if (!date || date.getTime() > now.getTime() + 86_400_000) return null;
  return date;
}

/**
 * The http(s) links in media cells, whatever separates them (commas, pipes, semicolons, spaces, new lines — a link
 * may itself hold a comma), without repeats. Anything not http(s) is dropped; the SSRF-safe fetcher checks the rest.
 */
export function readMediaUrls(cells: readonly string[]): string[] {
  const urls = new Set<string>();
  for (const cell of cells) {
    for (const part of cell.split(/(?=https?:\/\/)/i)) {
      const candidate = part.replace(/[\s,|;]+$/, '').trim();
      if (!/^https?:\/\/\S+$/i.test(candidate)) continue;
      try {
        urls.add(new URL(candidate).href);
      } catch {
        // not a URL: left out
      }
    }
  }
  return [...urls];
}

/** The handle in a Shopify product link (…/products/<handle>), when the file gives a link and no handle. */
export function handleFromUrl(url: string | undefined): string | undefined {
  const match = url ? /\/products\/([^/?#]+)/.exec(url) : null;
  return match ? decodeURIComponent(match[1]) : undefined;
}
