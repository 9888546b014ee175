import { addDays, bucketsOf, firstWholeMonth, periodsOf, todayIn } from './periods.js';
import { countTrend, pointsTrend } from './trends.js';

describe('analytics periods', () => {
  it('takes today in the store time zone', () => {
    const now = new Date('2026-03-01T02:00:00Z');
    expect(todayIn(null, now)).toBe('2026-03-01');
    expect(todayIn('America/Sao_Paulo', now)).toBe('2026-02-28');
    expect(todayIn('Asia/Tokyo', new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  });

  it('counts days across month, leap-year and year boundaries', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(periodsOf('2026-03-30', 30)).toEqual({
      today: '2026-03-30',
      start: '2026-03-01',
      previousStart: '2026-01-30',
    });
  });

  it('lists every bucket of a period', () => {
    expect(bucketsOf('2026-12-30', '2027-01-02', 'day')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    const months = bucketsOf(periodsOf('2027-01-15', 365).start, '2027-01-15', 'month');
    expect(months).toHaveLength(13);
    expect(months[0]).toBe('2026-01-01');
    expect(months.at(-1)).toBe('2027-01-01');
  });

  it('finds the first month lying wholly in the period', () => {
    expect(firstWholeMonth('2026-03-01')).toBe('2026-03-01');
    expect(firstWholeMonth('2026-12-02')).toBe('2027-01-01');
  });
});

describe('trends', () => {
  const trend = (direction: string, value: number, extra: { from_zero?: boolean; no_data?: boolean } = {}) => ({
    direction,
    value,
    from_zero: false,
    no_data: false,
    ...extra,
  });

  it('compares counts in percent', () => {
    expect(countTrend(15, 10)).toEqual(trend('up', 50));
    expect(countTrend(2, 3)).toEqual(trend('down', 33.3));
    expect(countTrend(4, 4)).toEqual(trend('none', 0));
    expect(countTrend(0, 3)).toEqual(trend('down', 100));
    expect(countTrend(3, 0)).toEqual(trend('up', 0, { from_zero: true }));
    // Issue 23: "0.0 % no change" between two empty periods.
    expect(countTrend(0, 0)).toEqual(trend('none', 0, { no_data: true }));
  });

  it('compares averages and rates in points of their own', () => {
    expect(pointsTrend(4.26, 4.04)).toEqual(trend('up', 0.3));
    expect(pointsTrend(20, 25)).toEqual(trend('down', 5));
    expect(pointsTrend(4, 4)).toEqual(trend('none', 0));
    // Issue 23: "0.0 pts / No change" when the previous period had nothing to average.
    expect(pointsTrend(4, null)).toEqual(trend('up', 0, { from_zero: true }));
    expect(pointsTrend(null, 4)).toEqual(trend('none', 0, { no_data: true }));
    expect(pointsTrend(null, null)).toEqual(trend('none', 0, { no_data: true }));
  });
});
