import { rangeParts } from './range-parts.js';

describe('rangeParts', () => {
  const today = '2026-11-29';

  it('reads a range within one month from the days', () => {
    expect(rangeParts({ start: '2026-10-05', end: '2026-10-20' }, today)).toEqual({
      months: null,
      days: [{ start: '2026-10-05', end: '2026-10-20' }],
    });
  });

  it('reads the whole months inside a range from the months, and the days around them from the days', () => {
    expect(rangeParts({ start: '2026-06-15', end: '2026-10-10' }, today)).toEqual({
      months: { first: '2026-07-01', last: '2026-09-01' },
      days: [
        { start: '2026-06-15', end: '2026-06-30' },
        { start: '2026-10-01', end: '2026-10-10' },
      ],
    });
    expect(rangeParts({ start: '2026-07-01', end: '2026-09-30' }, today)).toEqual({
      months: { first: '2026-07-01', last: '2026-09-01' },
      days: [],
    });
  });

  it('reads the current month whole when the range reaches today (later days hold nothing)', () => {
    expect(rangeParts({ start: '2025-11-30', end: today }, today)).toEqual({
      months: { first: '2025-12-01', last: '2026-11-01' },
      days: [{ start: '2025-11-30', end: '2025-11-30' }],
    });
    expect(rangeParts({ start: '2026-10-31', end: today }, today)).toEqual({
      months: { first: '2026-11-01', last: '2026-11-01' },
      days: [{ start: '2026-10-31', end: '2026-10-31' }],
    });
  });

  it('leaves a month cut short by the range to the days, across a year too', () => {
    expect(rangeParts({ start: '2025-12-01', end: '2026-01-30' }, today)).toEqual({
      months: { first: '2025-12-01', last: '2025-12-01' },
      days: [{ start: '2026-01-01', end: '2026-01-30' }],
    });
    expect(rangeParts({ start: '2024-02-01', end: '2024-02-29' }, today)).toEqual({
      months: { first: '2024-02-01', last: '2024-02-01' },
      days: [],
    });
  });
});
