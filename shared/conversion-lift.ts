// Conversion with honest uncertainty (issue 27): each group's rate with its 95 % Wilson score interval, and the
// difference between two groups with Newcombe's interval built from them (Newcombe 1998, method 10), which stays
// inside [-1, 1] and behaves with few conversions where the textbook ±1.96·SE interval does not. Shared by the
// Insights API and the dashboard page that shows it.

/** z for a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

/**
 * Below these, a group's rate is shown but the difference is "not enough data yet": a store with 12 sessions and one
 * order would otherwise read as a +300 % lift.
 */
export const LIFT_MIN_SESSIONS = 100;
export const LIFT_MIN_CONVERSIONS = 5;

export interface TRate {
  /** Sessions that converted, of `sessions`. */
  conversions: number;
  sessions: number;
  /** conversions / sessions; null without sessions. */
  rate: number | null;
  /** The 95 % Wilson score interval; [0, 1] without sessions. */
  low: number;
  high: number;
}

export interface TLift {
  /** The rate of sessions that played a video, and of those that only saw the widget. */
  watched: TRate;
  viewed: TRate;
  /** watched − viewed, in rate points, with its 95 % interval; null when there is not enough data. */
  difference: { value: number; low: number; high: number } | null;
  enough: boolean;
}

/** The rate and its Wilson score interval. */
export function wilson(conversions: number, sessions: number, z = Z_95): TRate {
  if (sessions <= 0) return { conversions, sessions: 0, rate: null, low: 0, high: 1 };
  const p = conversions / sessions;
  const z2 = z * z;
  const denominator = 1 + z2 / sessions;
  const centre = (p + z2 / (2 * sessions)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / sessions + z2 / (4 * sessions * sessions));
  return {
    conversions,
    sessions,
    rate: p,
    low: Math.max(0, centre - half),
    high: Math.min(1, centre + half),
  };
}

function enoughIn(rate: TRate): boolean {
  return rate.sessions >= LIFT_MIN_SESSIONS && rate.conversions >= LIFT_MIN_CONVERSIONS;
}

/** The difference `a − b` of two rates with Newcombe's hybrid score interval. */
export function difference(a: TRate, b: TRate): { value: number; low: number; high: number } {
  const p1 = a.rate ?? 0;
  const p2 = b.rate ?? 0;
  const value = p1 - p2;
  return {
    value,
    low: value - Math.sqrt((p1 - a.low) ** 2 + (b.high - p2) ** 2),
    high: value + Math.sqrt((a.high - p1) ** 2 + (p2 - b.low) ** 2),
  };
}

/** Sessions that played a video against those that only saw the widget. */
export function conversionLift(
  watched: { conversions: number; sessions: number },
  viewed: { conversions: number; sessions: number },
): TLift {
  const a = wilson(watched.conversions, watched.sessions);
  const b = wilson(viewed.conversions, viewed.sessions);
  const enough = enoughIn(a) && enoughIn(b);
  return { watched: a, viewed: b, difference: enough ? difference(a, b) : null, enough };
}
