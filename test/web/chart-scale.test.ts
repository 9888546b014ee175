import { labelIndexes, monotonePath, valueTicks } from '../../web/components/dashboard/charts/scale.js';

// The dashboard charts' arithmetic: round axes that hold every value, a few readable dates, and a smooth line that
// never dips below a day with no reviews.

describe('the value axis', () => {
  it('counts in round whole steps from 0 to at or above the largest value', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(1)).toEqual([0, 1]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(8)).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks(13)).toEqual([0, 5, 10, 15]);
    expect(valueTicks(41)).toEqual([0, 20, 40, 60]);
    expect(valueTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });
});

describe('the category labels', () => {
  it('prints about six, evenly spaced from the first', () => {
    expect(labelIndexes(1)).toEqual([0]);
    expect(labelIndexes(7)).toEqual([0, 2, 4, 6]);
    expect(labelIndexes(30)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(labelIndexes(90)).toEqual([0, 15, 30, 45, 60, 75]);
  });
});

describe('the smooth line', () => {
  /** The y of each cubic segment sampled finely: what the browser draws. */
  function drawnYs(path: string): number[] {
    const numbers = [...path.matchAll(/-?\d+(\.\d+)?/g)].map(([n]) => Number(n));
    let [x0, y0] = numbers;
    const ys: number[] = [];
    for (let i = 2; i < numbers.length; i += 6) {
      const [, c1y, , c2y, x1, y1] = numbers.slice(i, i + 6);
      for (let t = 0; t <= 1; t += 0.01) {
        const u = 1 - t;
        ys.push(u * u * u * y0 + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * y1);
      }
      [x0, y0] = [x1, y1];
    }
    expect(x0).toBeGreaterThan(0);
    return ys;
  }

  it('passes through every point and stays within each pair of neighbours', () => {
    const points: Array<[number, number]> = [0, 5, 0, 0, 12, 3, 3, 9].map((v, i) => [i * 100, 1000 - v * 50]);
    const path = monotonePath(points);
    for (const [x, y] of points.slice(1)) expect(path).toContain(`${x},${y}`);
    const ys = drawnYs(path);
    // Never below the baseline of a day with no reviews (y grows downwards), never above the busiest day.
    expect(Math.max(...ys)).toBeLessThanOrEqual(1000 + 1e-9);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(1000 - 12 * 50 - 1e-9);
  });

  it('draws a single point as a move, and nothing for no points', () => {
    expect(monotonePath([[500, 400]])).toBe('M500,400');
    expect(monotonePath([])).toBe('');
  });
});
