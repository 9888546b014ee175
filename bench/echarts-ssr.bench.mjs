// ECharts drawn by the server (issue 27): what one chart costs the server render, how large its SVG is, and what the
// browser would load — the light client runtime that hydrates a server-drawn chart (`echarts/ssr/client`: the
// events that tooltips and legends are built on) on every page with a chart, and the tree-shaken library (bars,
// lines, grid, tooltip, legend, zoom, brush, SVG renderer) only once a merchant starts exploring. The dashboard's
// first-load budget is 150 KB gzip. `npm run bench echarts-ssr`.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { ROOT } from './support.mjs';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const RENDERS = Number(process.env.ECHARTS_RENDERS ?? 300);
const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
const weeks = Array.from({ length: 12 }, (_, i) => `W${i + 36}`);

/** The dashboard's daily chart: two series over 30 days. */
const daily = {
  animation: false,
  grid: { left: 40, right: 16, top: 32, bottom: 24 },
  legend: { top: 0 },
  tooltip: { trigger: 'axis' },
  xAxis: { type: 'category', data: days },
  yAxis: { type: 'value' },
  series: [
    { name: 'Views', type: 'line', data: days.map((_, i) => 200 + ((i * 37) % 90)) },
    { name: 'Plays', type: 'bar', data: days.map((_, i) => 40 + ((i * 13) % 30)) },
  ],
};
/** Insights' ratings over time: reviews by star, stacked, per week, with the average's line. */
const ratings = {
  animation: false,
  grid: { left: 40, right: 40, top: 32, bottom: 24 },
  legend: { top: 0 },
  xAxis: { type: 'category', data: weeks },
  yAxis: [{ type: 'value' }, { type: 'value', min: 1, max: 5 }],
  series: [
    ...[1, 2, 3, 4, 5].map((star) => ({
      name: `${star} ★`,
      type: 'bar',
      stack: 'stars',
      data: weeks.map((_, i) => (star * 3 + i) % 11),
    })),
    { name: 'Average', type: 'line', yAxisIndex: 1, data: weeks.map((_, i) => 3.8 + (i % 4) / 10) },
  ],
};

function render(option) {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 720, height: 280 });
  chart.setOption(option);
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

function timings(option) {
  for (let i = 0; i < 20; i++) render(option);
  const ms = [];
  let svg = '';
  for (let i = 0; i < RENDERS; i++) {
    const start = process.hrtime.bigint();
    svg = render(option);
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  ms.sort((a, b) => a - b);
  const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(2);
  return { p50: at(0.5), p95: at(0.95), svg: svg.length, svgGzip: gzipSync(svg).length };
}

/** What the browser would fetch for `source`, minified and gzipped. */
async function bundled(source) {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'error',
  });
  const code = result.outputFiles[0].contents;
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

console.log(`Server render, ${RENDERS} renders each, 720×280 SVG (ssr: true)`);
console.log('| chart | p50 ms | p95 ms | SVG kB | SVG kB gzip |');
console.log('|---|---|---|---|---|');
for (const [name, option] of [
  ['daily views and plays (30 days, 2 series)', daily],
  ['ratings by star per week (12 weeks, 5 stacked + line)', ratings],
]) {
  const t = timings(option);
  console.log(`| ${name} | ${t.p50} | ${t.p95} | ${(t.svg / 1024).toFixed(1)} | ${(t.svgGzip / 1024).toFixed(1)} |`);
}

const light = await bundled(`import { hydrate } from 'echarts/ssr/client/index'; window.hydrate = hydrate;`);
const full = await bundled(`
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { BrushComponent, DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
echarts.use([BarChart, LineChart, BrushComponent, DataZoomComponent, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);
window.echarts = echarts;`);
console.log('\n| browser code | kB | kB gzip |');
console.log('|---|---|---|');
console.log(
  `| light runtime (echarts/ssr/client), every chart page | ${(light.raw / 1024).toFixed(1)} | ${(light.gzip / 1024).toFixed(1)} |`,
);
console.log(
  `| tree-shaken library, after a first zoom or brush | ${(full.raw / 1024).toFixed(1)} | ${(full.gzip / 1024).toFixed(1)} |`,
);
