import type { EChartsType, ElementEvent } from 'echarts/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTheme } from '../../theme/ThemeProvider';
import { readChartColors, type TChartColors } from './chartColors';
import type { TChartOption } from './echarts';

/** SPEC §9: a tooltip follows the pointer at most once a frame (about 16.7 ms). */
const TOOLTIP_THROTTLE_MS = 1000 / 60;

export type TOptionBuilder = (colors: TChartColors) => TChartOption;

/**
 * Draws `buildOption` into the returned element with ECharts, loaded after hydration so the server render and the
 * route's first JavaScript stay free of it. Redraws when the option or the theme changes, follows the element's size,
 * and marks the element with `data-points` (what the chart now shows) once drawn. null: nothing to draw yet.
 */
export function useECharts(buildOption: TOptionBuilder | null, points: number): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const { theme } = useTheme();

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let cancelled = false;
    let dispose: (() => void) | undefined;
    import('./echarts').then(
      ({ init, throttle }) => {
        if (cancelled) return;
        const instance = init(element);
        // The tooltip's own triggers are off (triggerOn: 'none'): the pointer drives it here, throttled.
        const showTip = throttle((event: unknown) => {
          const { offsetX, offsetY } = event as ElementEvent;
          instance.dispatchAction({ type: 'showTip', x: offsetX, y: offsetY });
        }, TOOLTIP_THROTTLE_MS);
        const zr = instance.getZr();
        zr.on('mousemove', showTip);
        zr.on('globalout', () => {
          showTip.clear();
          instance.dispatchAction({ type: 'hideTip' });
        });
        const observer = new ResizeObserver(() => instance.resize());
        observer.observe(element);
        dispose = () => {
          observer.disconnect();
          showTip.clear();
          instance.dispose();
        };
        setChart(instance);
      },
      (error: unknown) => console.warn('Could not load the charts', error),
    );
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!chart || !element || !buildOption) return;
    chart.setOption(buildOption(readChartColors(element)), { notMerge: true });
    element.dataset.points = String(points);
  }, [chart, buildOption, points, theme]);

  return ref;
}
