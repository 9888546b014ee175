import { activityChart, topProductsChart } from './dashboard-charts.js';

const texts = (svg: string) => [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
const bands = (svg: string) =>
  [...svg.matchAll(/<path [^>]*ecmeta_series_index="1"[^>]*>/g)].filter(([tag]) => !/ecmeta_silent/.test(tag));

/** Days from 1 November 2026 on, with these counts. */
const days = (counts: number[]) =>
  counts.map((reviews, index) => ({
    date: new Date(Date.UTC(2026, 10, 1 + index)).toISOString().slice(0, 10),
    reviews,
  }));

describe('the dashboard’s charts', () => {
  it('draw review activity with the dates and numbers of the page’s language, a band per day', () => {
    const chart = activityChart({ days: 7, interval: 'day', results: days([0, 3, 1, 0, 12000, 2, 0]) }, 'es');
    for (const svg of Object.values(chart)) {
      expect(texts(svg)).toEqual(expect.arrayContaining(['1 nov', '0', '15.000']));
      expect(bands(svg)).toHaveLength(7);
      // Seven days: each marked with a point.
      expect(svg.match(/ecmeta_series_index="0"[^>]*ecmeta_silent="true"/g)).toHaveLength(7);
    }
    const months = activityChart({ days: 365, interval: 'month', results: [{ date: '2026-01-01', reviews: 4 }] }, 'pt');
    expect(texts(months.l)).toContain('jan. de 2026');
  });

  it('leave the points unmarked when there are too many to tell apart', () => {
    const chart = activityChart({ days: 90, interval: 'day', results: days(Array(90).fill(1)) }, 'en');
    expect(chart.m).not.toMatch(/ecmeta_silent="true"/);
    expect(bands(chart.m)).toHaveLength(90);
  });

  it('draw the top products as bars named by product, each with its count, the most reviewed on top', () => {
    const products = [
      { product_id: 'a', name: 'Canvas tote', image: null, reviews: 4 },
      { product_id: 'b', name: 'Linen shirt', image: null, reviews: 3 },
      { product_id: 'c', name: 'Hand-woven linen shirt', image: null, reviews: 2 },
    ];
    const chart = topProductsChart({ days: 30, results: products }, 'en');
    const labels = texts(chart.s);
    expect(labels).toEqual(expect.arrayContaining(['Canvas tote', 'Linen shirt', '4', '3', '2']));
    // A phone's drawing cuts a long name short; a wide one has room for it.
    expect(labels.find((label) => label.startsWith('Hand-woven'))).toMatch(/^Hand-woven.*…$/);
    expect(texts(chart.l)).toContain('Hand-woven linen shirt');
    const y = (name: string) => Number(new RegExp(`translate\\([\\d.]+ ([\\d.]+)\\)[^>]*>${name}<`).exec(chart.m)![1]);
    expect(y('Canvas tote')).toBeLessThan(y('Linen shirt'));
    expect(bands(chart.m)).toHaveLength(3);
  });
});
