import { hydrate, type ECSSRClientEventParams } from 'echarts/ssr/client/index';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { CHART_SIZES, type TChartSize, type TServerChart } from '../../../shared/charts.js';
import { ChartTooltip, type TChartTip } from './ChartTooltip';

const SIZES = Object.keys(CHART_SIZES) as TChartSize[];

/** A datum the pointer is on, as the light runtime names it. */
export interface TChartDatum {
  seriesIndex: number;
  dataIndex: number;
}

interface Pointed {
  tip: TChartTip;
  /** Where the pointer came in, in px from the chart's top left corner. */
  x: number;
  y: number;
  /** Past the middle, the tooltip opens to the left of the pointer. */
  side: 'left' | 'right';
}

/**
 * A chart the server drew (server/charts): every size of it in the page, the one for the card's width shown by CSS
 * (web/styles/charts.css), so it shows with JavaScript off and nothing moves once the page is live. Hydration adds
 * ECharts' light client runtime (`echarts/ssr/client`, under 1 kB: it only reports which datum the pointer is on) and
 * our own tooltip, whose words `tipOf` gives from the data already in the page.
 */
export function ServerChart({
  chart,
  tipOf,
  keepColours = false,
}: {
  chart: TServerChart;
  tipOf: (datum: TChartDatum) => TChartTip | null;
  /** Several series: the marks under the pointer keep their colours (one series' are filled with its colour). */
  keepColours?: boolean;
}) {
  const root = useRef<HTMLDivElement>(null);
  const [pointed, setPointed] = useState<Pointed | null>(null);
  const tipFor = useEffectEvent(tipOf);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let live = true;
    let frame = 0;
    let next: { datum: TChartDatum; svg: Element; x: number; y: number } | null = null;
    let marked: Element[] = [];

    // SPEC §9: the tooltip changes at most once a frame (about 16.7 ms), however fast the pointer crosses the bands.
    const draw = () => {
      frame = 0;
      for (const mark of marked) mark.removeAttribute('data-pointed');
      marked = [];
      const tip = next && tipFor(next.datum);
      if (!next || !tip) return setPointed(null);
      marked = [...next.svg.querySelectorAll(`[ecmeta_data_index="${next.datum.dataIndex}"]`)];
      for (const mark of marked) mark.setAttribute('data-pointed', '');
      setPointed({ tip, x: next.x, y: next.y, side: next.x > element.clientWidth / 2 ? 'left' : 'right' });
    };
    const schedule = () => {
      if (live && !frame) frame = requestAnimationFrame(draw);
    };
    const over = ({ seriesIndex, dataIndex, event }: ECSSRClientEventParams) => {
      const target = event.target as Element;
      const svg = target.closest('svg');
      if (seriesIndex === undefined || dataIndex === undefined || !svg) return;
      const box = element.getBoundingClientRect();
      const { clientX, clientY } = event as MouseEvent;
      next = { datum: { seriesIndex, dataIndex }, svg, x: clientX - box.left, y: clientY - box.top };
      schedule();
    };
    const out = () => {
      next = null;
      schedule();
    };
    // Each size is its own SVG: the runtime listens on the first one it finds in the element it is given.
    for (const size of element.querySelectorAll<HTMLElement>('.server-chart-size')) {
      // A tap on a phone is a click, and a mouseover before it.
      hydrate(size, { on: { mouseover: over, mouseout: out, click: over } });
    }
    return () => {
      // The listeners go with the SVGs a new chart replaces; until then, they do nothing.
      live = false;
      cancelAnimationFrame(frame);
      for (const mark of marked) mark.removeAttribute('data-pointed');
      setPointed(null);
    };
  }, [chart]);

  return (
    <div ref={root} className="server-chart" data-keep-colours={keepColours || undefined}>
      {SIZES.map((size) => (
        <div
          key={size}
          className="server-chart-size"
          data-size={size}
          dangerouslySetInnerHTML={{ __html: chart[size] }}
        />
      ))}
      {pointed && <ChartTooltip {...pointed} />}
    </div>
  );
}
