import { CHART_SIZES } from '../../shared/charts.js';
import { countAxis } from './chart-scale.js';
import { renderChart, renderChartSizes, type TChartOption } from './chart-renderer.js';
import { hoverBands } from './hover-bands.js';
import { fontSizeOf, textWidth } from './text-width.js';

const texts = (svg: string) => [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
/** The data index of every element ECharts' light client runtime reports for `series`. */
const reported = (svg: string, series: number) =>
  [...svg.matchAll(new RegExp(`<[^>]*ecmeta_series_index="${series}"[^>]*>`, 'g'))]
    .filter(([tag]) => !tag.includes('ecmeta_silent="true"'))
    .map(([tag]) => Number(/ecmeta_data_index="(\d+)"/.exec(tag)![1]));

const weeks = ['W1', 'W2', 'W3', 'W4'];
// Bars, a line over them, and the hover bands on a category axis of their own (the bars keep their widths).
const bars: TChartOption = {
  xAxis: [
    { type: 'category', data: weeks },
    { type: 'category', data: weeks, show: false },
  ],
  yAxis: { type: 'value', min: 0, max: 40, interval: 10 },
  series: [
    { type: 'bar', data: [12, 30, 7, 21], silent: true, label: { show: true, position: 'top' } },
    { type: 'line', data: [10, 20, 30, 40], silent: true },
    hoverBands(weeks.length, 40, { xAxisIndex: 1 }),
  ],
};

describe('the server chart renderer', () => {
  const svg = renderChart(bars, { width: 400, height: 240 }, 'weekly');

  it('draws the series with their labels and values into the SVG', () => {
    expect(texts(svg)).toEqual(expect.arrayContaining([...weeks, '0', '10', '20', '30', '40', '12', '7', '21']));
    // One bar per week, one point per week on the line.
    expect(svg.match(/ecmeta_series_index="0"/g)).toHaveLength(4);
    expect(svg.match(/ecmeta_series_index="1"/g)).toHaveLength(4);
  });

  it('marks one hover band per category for the light client runtime, and nothing else it would report', () => {
    expect(reported(svg, 2)).toEqual([0, 1, 2, 3]);
    expect(reported(svg, 0)).toEqual([]);
    expect(reported(svg, 1)).toEqual([]);
  });

  it('scales to its box: a viewBox and no pixel size, hidden from assistive technology', () => {
    expect(svg).toMatch(/^<svg aria-hidden="true" focusable="false" [^>]*viewBox="0 0 400 240"/);
    expect(svg.slice(0, svg.indexOf('>'))).not.toMatch(/ (width|height)=/);
  });

  it('takes every colour from the page’s theme variables, so one drawing serves light and dark', () => {
    const clipPaths = svg.match(/<clipPath[\s\S]*?<\/clipPath>/g)?.join('') ?? '';
    const outsideClips = svg.replace(clipPaths, '');
    const outside = [...outsideClips.matchAll(/ (?:fill|stroke)="([^"]+)"/g)].map((match) => match[1]);
    expect(outside.length).toBeGreaterThan(20);
    expect(outside.filter((colour) => colour !== 'none' && !/^var\(--[a-z0-9-]+\)$/.test(colour))).toEqual([]);
  });

  it('names its ids after the chart, keeps no style sheet, and leaves text alone', () => {
    const named = renderChart(
      {
        ...bars,
        xAxis: [
          { type: 'category', data: ['url(#zr0-c0)', '<b>&amp;</b>', 'W3', 'W4'], axisLabel: { interval: 0 } },
          { type: 'category', data: weeks, show: false },
        ],
      },
      { width: 400, height: 240 },
      'odd-names',
    );
    expect(named).not.toMatch(/<style/);
    expect(named).not.toMatch(/class="zr/);
    expect(named).toMatch(/<clipPath id="odd-names-c\d+"/);
    expect(named).toMatch(/clip-path="url\(#odd-names-c\d+\)"/);
    expect(texts(named)).toEqual(expect.arrayContaining(['url(#zr0-c0)', '&lt;b&gt;&amp;amp;&lt;/b&gt;']));
    expect(() => renderChart(bars, { width: 10, height: 10 }, 'No spaces')).toThrow(/chart id/);
  });

  it('draws every size, each with an option of its own', () => {
    const sizes = renderChartSizes('sized', ({ size, width }) => ({
      ...bars,
      xAxis: [
        { type: 'category', data: weeks.map((week) => `${week}-${size}-${width}`), axisLabel: { interval: 0 } },
        { type: 'category', data: weeks, show: false },
      ],
    }));
    for (const [size, { width, height }] of Object.entries(CHART_SIZES)) {
      expect(sizes[size as keyof typeof sizes]).toContain(`viewBox="0 0 ${width} ${height}"`);
      expect(sizes[size as keyof typeof sizes]).toContain(`W1-${size}-${width}`);
      expect(sizes[size as keyof typeof sizes]).toMatch(new RegExp(`id="sized-${size}-c\\d+"`));
    }
  });
});

describe('count axes', () => {
  it('rise in about four round whole steps to the first at or above the largest value', () => {
    expect(countAxis(0)).toEqual({ max: 1, interval: 1 });
    expect(countAxis(3)).toEqual({ max: 3, interval: 1 });
    expect(countAxis(4)).toEqual({ max: 4, interval: 1 });
    expect(countAxis(9)).toEqual({ max: 10, interval: 5 });
    expect(countAxis(37)).toEqual({ max: 40, interval: 10 });
    expect(countAxis(1234)).toEqual({ max: 1500, interval: 500 });
  });
});

describe('text widths on the server', () => {
  it('err on the wide side of a system face, and read the size from a CSS font', () => {
    expect(textWidth('Linen shirt', 12)).toBeGreaterThan(60);
    expect(textWidth('WWW', 10)).toBeGreaterThan(textWidth('iii', 10) * 2);
    expect(fontSizeOf('bold 14px sans-serif')).toBe(14);
    expect(fontSizeOf(undefined)).toBe(12);
  });
});
