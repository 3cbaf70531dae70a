/**
 * The soak's pass/fail rules, pure: what "stays flat" and "keeps playing" mean, so they are
 * unit-tested (judge.test.ts) apart from the hour of browsing that produces the numbers.
 */

export interface Sample {
  /** Minutes since the start. */
  atMinute: number;
  heapMiB: number;
  listeners: number;
  timers: number;
  nodes: number;
}

export interface Verdict {
  ok: boolean;
  /** One line per rule that failed. */
  failures: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Flat: the last third of the run holds no more than the first third, within a tolerance for
 * what a live page legitimately varies by (a buffer's worth of heap, a few listeners of an
 * open menu). Medians for the heap (a collection's timing moves single samples), maxima for
 * counts (a leak of one per cycle shows in the maximum).
 */
export const FLAT_TOLERANCE = { heapMiB: 4, heapRatio: 1.25, listeners: 20, timers: 10, nodes: 200 } as const;

export function judgeFlat(samples: readonly Sample[]): Verdict {
  if (samples.length < 6) return { ok: false, failures: [`only ${samples.length} samples: too few to judge`] };
  const third = Math.floor(samples.length / 3);
  const first = samples.slice(0, third);
  const last = samples.slice(samples.length - third);
  const failures: string[] = [];
  const heapBefore = median(first.map((s) => s.heapMiB));
  const heapAfter = median(last.map((s) => s.heapMiB));
  if (heapAfter > heapBefore * FLAT_TOLERANCE.heapRatio + FLAT_TOLERANCE.heapMiB) {
    failures.push(`JS heap grew: median ${heapBefore.toFixed(1)} MiB → ${heapAfter.toFixed(1)} MiB`);
  }
  for (const key of ['listeners', 'timers', 'nodes'] as const) {
    const before = Math.max(...first.map((s) => s[key]));
    const after = Math.max(...last.map((s) => s[key]));
    if (after > before + FLAT_TOLERANCE[key]) failures.push(`${key} grew: max ${before} → ${after}`);
  }
  return { ok: failures.length === 0, failures };
}

/**
 * Kept playing through a span: media time advanced by at least `share` of the wall time that
 * passed, and never stood still for longer than `maxStillS` between samples.
 */
export function judgePlaying(
  points: readonly { wallS: number; mediaS: number }[],
  { share = 0.9, maxStillS = 3 } = {},
): Verdict {
  if (points.length < 2) return { ok: false, failures: ['fewer than two playback samples'] };
  const failures: string[] = [];
  const wall = points.at(-1)!.wallS - points[0]!.wallS;
  const media = points.at(-1)!.mediaS - points[0]!.mediaS;
  if (media < wall * share) {
    failures.push(`played ${media.toFixed(1)} s of media in ${wall.toFixed(1)} s (below ${share * 100} %)`);
  }
  let stillSince = points[0]!.wallS;
  for (let i = 1; i < points.length; i++) {
    if (points[i]!.mediaS > points[i - 1]!.mediaS) stillSince = points[i]!.wallS;
    else if (points[i]!.wallS - stillSince > maxStillS) {
      failures.push(`stood still ${(points[i]!.wallS - stillSince).toFixed(1)} s at ${points[i]!.wallS.toFixed(0)} s`);
      break;
    }
  }
  return { ok: failures.length === 0, failures };
}
