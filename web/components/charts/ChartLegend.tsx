import type { TChartColour } from '../../../shared/insights-charts.js';

/** The series of a chart the server drew, named in the page's language (its SVG has no legend). */
export function ChartLegend({ items }: { items: Array<{ name: string; colour: TChartColour }> }) {
  return (
    <ul className="chart-legend">
      {items.map((item) => (
        <li key={item.name}>
          <span className="chart-swatch" data-colour={item.colour} />
          {item.name}
        </li>
      ))}
    </ul>
  );
}
