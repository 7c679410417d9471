/** A figure measured in several rounds: its median and its spread (lowest to highest). */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spreadOf(values: readonly number[]): Spread {
  const finite = values.filter(Number.isFinite).toSorted((a, b) => a - b);
  if (finite.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  const middle = Math.floor(finite.length / 2);
  const median = finite.length % 2 ? finite[middle]! : (finite[middle - 1]! + finite[middle]!) / 2;
  return { median, min: finite[0]!, max: finite.at(-1)! };
}

/** "3.27 (3.10–3.41)": the median, then the spread. */
export function formatSpread(spread: Spread, digits = 0): string {
  if (!Number.isFinite(spread.median)) return "–";
  return `${spread.median.toFixed(digits)} (${spread.min.toFixed(digits)}–${spread.max.toFixed(digits)})`;
}
