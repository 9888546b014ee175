import { funnelChart, ratingsChart } from './insights-charts.js';

const texts = (svg: string) => [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
/** The elements ECharts' light runtime reports for `series` (not silent), by data index. */
const reported = (svg: string, series: number) =>
  [...svg.matchAll(new RegExp(`<[^>]*ecmeta_series_index="${series}"[^>]*>`, 'g'))]
    .filter(([tag]) => !tag.includes('ecmeta_silent="true"'))
    .map(([tag]) => Number(/ecmeta_data_index="(\d+)"/.exec(tag)![1]));
/** The marks of `series` (silent: the page's CSS lets the pointer through them). */
const marks = (svg: string, series: number) =>
  [...svg.matchAll(new RegExp(`<path [^>]*ecmeta_series_index="${series}"[^>]*ecmeta_silent="true"[^>]*>`, 'g'))].map(
    ([tag]) => tag,
  );

const ratings = [
  { week: '2026-11-02', counts: [1, 0, 2, 3, 4] as [number, number, number, number, number], average: 3.7 },
  { week: '2026-11-09', counts: [0, 0, 0, 0, 0] as [number, number, number, number, number], average: null },
  { week: '2026-11-16', counts: [0, 0, 0, 1, 12000] as [number, number, number, number, number], average: 5 },
];

describe('the Insights charts', () => {
  it('stack the ratings by star, 1★ at the bottom in the theme’s colours, with the weekly average on a 1–5 axis', () => {
    const chart = ratingsChart(ratings, 'es');
    for (const svg of Object.values(chart)) {
      // Weeks in the page's language, counts with its separators, the average's axis from 1 to 5.
      expect(texts(svg)).toEqual(expect.arrayContaining(['2 nov', '16 nov', '0', '15.000', '1,0 ★', '5,0 ★']));
      // A bar per week and star: 1★ in the error red, 5★ in green.
      expect(marks(svg, 0)).toHaveLength(3);
      expect(marks(svg, 0)[0]).toContain('fill="var(--chart-6)"');
      expect(marks(svg, 4)[0]).toContain('fill="var(--chart-4)"');
      // The line's points: the two weeks with an average, none for the week without reviews.
      expect(svg.match(/<path [^>]*ecmeta_series_index="5"[^>]*ecmeta_silent="true"/g)).toHaveLength(2);
      expect(svg).toContain('stroke="var(--chart-1)"');
      // Only the hover bands, one per week, are what the pointer reports.
      for (const series of [0, 1, 2, 3, 4, 5]) expect(reported(svg, series)).toEqual([]);
      expect(reported(svg, 6)).toEqual([0, 1, 2]);
    }
    // The first week alone: each star's bar starts where the one below it ends, 5★ on top (a smaller y is higher).
    const week = ratingsChart(ratings.slice(0, 1), 'en').l;
    const y = (series: number) => Number(/ d="M[\d.]+ ([\d.]+)/.exec(marks(week, series)[0])![1]);
    expect([0, 2, 3, 4].map(y)).toEqual([...[0, 2, 3, 4].map(y)].sort((a, b) => b - a));
    expect(y(4)).toBeLessThan(y(3));
  });

  it('draw the request funnel as three bars a week, each week reported once', () => {
    const weeks = [
      { week: '2026-11-02', sent: 40, opened: 22, reviewed: 6 },
      { week: '2026-11-09', sent: 12, opened: 3, reviewed: 0 },
    ];
    const chart = funnelChart(weeks, 'en');
    for (const svg of Object.values(chart)) {
      expect(texts(svg)).toEqual(expect.arrayContaining(['Nov 2', 'Nov 9', '0', '40']));
      expect(marks(svg, 0)).toHaveLength(2);
      expect(marks(svg, 0)[0]).toContain('fill="var(--chart-1)"');
      expect(marks(svg, 1)[0]).toContain('fill="var(--chart-3)"');
      expect(marks(svg, 2)[0]).toContain('fill="var(--chart-4)"');
      expect(reported(svg, 3)).toEqual([0, 1]);
    }
  });
});
