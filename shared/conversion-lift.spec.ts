import { conversionLift, difference, LIFT_MIN_CONVERSIONS, LIFT_MIN_SESSIONS, wilson } from './conversion-lift.js';

// Published values: Newcombe, "Two-sided confidence intervals for the single proportion" (Statistics in Medicine,
// 1998), Table I, Wilson's score method; and "Interval estimation for the difference between independent
// proportions" (same volume), Table II, method 10 — each to the 4 decimals printed there.

const rounded = (low: number, high: number) => [Number(low.toFixed(4)), Number(high.toFixed(4))];

describe('the Wilson score interval', () => {
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('of %i in %i is %f to %f', (conversions, sessions, low, high) => {
    const rate = wilson(conversions, sessions);
    expect(rounded(rate.low, rate.high)).toEqual([low, high]);
    expect(rate.rate).toBeCloseTo(conversions / sessions, 12);
  });

  it('is the whole range, with no rate, without sessions', () => {
    expect(wilson(0, 0)).toEqual({ conversions: 0, sessions: 0, rate: null, low: 0, high: 1 });
  });
});

describe("Newcombe's interval for a difference of rates", () => {
  it.each([
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
    [6, 7, 2, 7, 0.0582, 0.8062],
    [5, 56, 0, 29, -0.0381, 0.1926],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [0, 10, 0, 10, -0.2775, 0.2775],
    [10, 10, 0, 20, 0.6791, 1],
  ])('of %i/%i − %i/%i is %f to %f', (a, n, b, m, low, high) => {
    const found = difference(wilson(a, n), wilson(b, m));
    expect(found.value).toBeCloseTo(a / n - b / m, 12);
    expect(rounded(found.low, found.high)).toEqual([low, high]);
  });
});

describe('the conversion lift of sessions that watched a video', () => {
  it('is "not enough data" for a small store, whatever its rates say', () => {
    // One order in 12 sessions against none in 40 would read as an infinite lift.
    const lift = conversionLift({ conversions: 1, sessions: 12 }, { conversions: 0, sessions: 40 });
    expect(lift.enough).toBe(false);
    expect(lift.difference).toBeNull();
    expect(lift.watched.rate).toBeCloseTo(1 / 12);
  });

  it('needs both groups to reach the thresholds', () => {
    const plenty = { conversions: LIFT_MIN_CONVERSIONS, sessions: LIFT_MIN_SESSIONS };
    expect(conversionLift(plenty, plenty).enough).toBe(true);
    expect(conversionLift(plenty, { ...plenty, conversions: LIFT_MIN_CONVERSIONS - 1 }).enough).toBe(false);
    expect(conversionLift({ ...plenty, sessions: LIFT_MIN_SESSIONS - 1 }, plenty).enough).toBe(false);
  });

  it('gives the difference with its interval once there is enough', () => {
    const lift = conversionLift({ conversions: 56, sessions: 700 }, { conversions: 48, sessions: 800 });
    expect(lift.enough).toBe(true);
    expect(lift.difference!.value).toBeCloseTo(0.08 - 0.06, 12);
    expect(lift.difference!.low).toBeLessThan(lift.difference!.value);
    expect(lift.difference!.high).toBeGreaterThan(lift.difference!.value);
    // An interval that straddles zero: no claim of a lift.
    expect(lift.difference!.low).toBeLessThan(0);
  });
});
