/** A value axis that counts things: from 0 to a round top, in round whole steps. */
export interface TCountAxis {
  max: number;
  interval: number;
}

/** Round steps: 1, 2 or 5 times a power of ten, never below 1. */
function roundStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  return Math.max(
    1,
    [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= rough)!,
  );
}

/**
 * About four round steps up to the first at or above `largest` (0–1 when there is nothing). The charts set it
 * themselves rather than leave it to ECharts: their hover bands (hover-bands.ts) reach the top of the axis.
 */
export function countAxis(largest: number): TCountAxis {
  if (!(largest > 0)) return { max: 1, interval: 1 };
  const interval = roundStep(largest / 4);
  return { max: Math.ceil(largest / interval) * interval, interval };
}
