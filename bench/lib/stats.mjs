// Medians across runs and ratios against the best player per metric (pure).

/** Median of the finite values (mean of the middle two for an even count); null when none. */
export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The best value of one metric across players: the lowest, or the highest when `higherIsBetter`.
 * @param {(number|null)[]} values
 */
export function best(values, higherIsBetter = false) {
  const known = values.filter((v) => v !== null && Number.isFinite(v));
  if (!known.length) return null;
  return higherIsBetter ? Math.max(...known) : Math.min(...known);
}

/**
 * How far a value is from the best: value/best for lower-is-better figures, best/value for
 * higher-is-better ones, so 1 is the best and larger is worse. `floor` is the smallest
 * difference the figure can tell apart (a 3 ms stall against none is no 1000× difference):
 * both sides count as at least `floor`. Null when either is unknown or the ratio means
 * nothing (a best of 0 without a floor, e.g. a count of stalls).
 */
export function ratio(value, bestValue, higherIsBetter = false, floor = 0) {
  if (value === null || bestValue === null || !Number.isFinite(value) || !Number.isFinite(bestValue)) return null;
  if (value === bestValue) return 1;
  if (higherIsBetter) return value > 0 ? bestValue / value : null;
  const den = Math.max(bestValue, floor);
  return den > 0 ? Math.max(value, floor) / den : null;
}

/**
 * Medians per player and metric across runs.
 * @param {{ [player: string]: Array<{ [metric: string]: number|null }> }} runsByPlayer
 * @returns {{ [player: string]: { [metric: string]: number|null } }}
 */
export function mediansByPlayer(runsByPlayer, metricKeys) {
  return Object.fromEntries(
    Object.entries(runsByPlayer).map(([player, runs]) => [
      player,
      Object.fromEntries(metricKeys.map((key) => [key, median(runs.map((run) => run[key] ?? null))])),
    ]),
  );
}
