/** Round axis steps: 1, 2 or 5 times a power of ten, never below 1 (the charts count reviews). */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  return Math.max(1, step);
}

/** The value axis: 0, then round steps up to the first one at or above `max` (about four of them). */
export function valueTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const step = niceStep(max / 4);
  const ticks = [0];
  while (ticks[ticks.length - 1] < max) ticks.push(ticks[ticks.length - 1] + step);
  return ticks;
}

/** Which of `count` category labels to print: about six, evenly spaced from the first. */
export function labelIndexes(count: number, most = 6): number[] {
  const step = Math.max(1, Math.ceil(count / most));
  const indexes: number[] = [];
  for (let index = 0; index < count; index += step) indexes.push(index);
  return indexes;
}

/**
 * A smooth line through the points that never overshoots them (monotone cubic interpolation, Fritsch–Carlson, as
 * d3's curveMonotoneX): a day with no reviews is drawn at 0, never below it. Points are sorted by x.
 */
export function monotonePath(points: Array<[number, number]>): string {
  const n = points.length;
  if (n === 0) return '';
  const fixed = (value: number) => Math.round(value * 100) / 100;
  const move = `M${fixed(points[0][0])},${fixed(points[0][1])}`;
  if (n === 1) return move;
  const slopes: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    slopes.push((points[i + 1][1] - points[i][1]) / (points[i + 1][0] - points[i][0]));
  }
  // Tangents: the mean of the neighbouring slopes, zero at a peak or a valley, limited so the curve stays monotone.
  const tangents = points.map((_, i) => {
    if (i === 0) return slopes[0];
    if (i === n - 1) return slopes[n - 2];
    return slopes[i - 1] * slopes[i] <= 0 ? 0 : (slopes[i - 1] + slopes[i]) / 2;
  });
  for (let i = 0; i < n - 1; i++) {
    if (slopes[i] === 0) {
      tangents[i] = tangents[i + 1] = 0;
      continue;
    }
    const a = tangents[i] / slopes[i];
    const b = tangents[i + 1] / slopes[i];
    const length = Math.hypot(a, b);
    if (length > 3) {
      tangents[i] = (3 * a * slopes[i]) / length;
      tangents[i + 1] = (3 * b * slopes[i]) / length;
    }
  }
  let path = move;
  for (let i = 0; i < n - 1; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[i + 1];
    const third = (x1 - x0) / 3;
    path +=
      `C${fixed(x0 + third)},${fixed(y0 + tangents[i] * third)} ` +
      `${fixed(x1 - third)},${fixed(y1 - tangents[i + 1] * third)} ${fixed(x1)},${fixed(y1)}`;
  }
  return path;
}
