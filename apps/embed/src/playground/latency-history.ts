/**
 * The latency chart's data: seconds since Load against the live latency the player measured,
 * as the two columns uPlot draws. Bounded, so that a page left open does not grow without end.
 */
export interface LatencyHistory {
  seconds: number[];
  latency: number[];
}

/** Ten minutes at the player's 500 ms sampling. */
export const LATENCY_HISTORY_LIMIT = 1200;

export const EMPTY_HISTORY: LatencyHistory = { seconds: [], latency: [] };

/**
 * The history with one more sample. A latency the player does not know (NaN: not live, no
 * program date-time) is not a point: the chart shows a gap, not a fall to zero.
 */
export function addSample(
  history: LatencyHistory,
  atSeconds: number,
  latency: number,
  limit = LATENCY_HISTORY_LIMIT,
): LatencyHistory {
  if (!Number.isFinite(latency)) return history;
  const last = history.seconds.at(-1);
  // The state changes for many reasons between samples; one point per sampled latency is enough.
  if (last !== undefined && atSeconds - last < 0.25) return history;
  const drop = Math.max(0, history.seconds.length + 1 - limit);
  return {
    seconds: [...history.seconds.slice(drop), atSeconds],
    latency: [...history.latency.slice(drop), latency],
  };
}
