// Turns what the probe recorded in one page into latency samples and a summary. Latency is
// always Date.now() (in the page) minus the program-date-time of the frame on screen; three
// ways of finding that date are kept side by side (bench/README.md explains each):
// - latencyS:      original media timestamp (currentTime − the SourceBuffer's timestampOffset)
//                  → segment → the playlist's PDT, read in Node. Same rule for every MSE player;
//                  the browser's own HLS has no SourceBuffer in the page, so for it (a player's
//                  latencyClock 'segments', lib/players.mjs) latencyS is the segment clock's.
// - ownClockS:     the player's own PDT of the playhead (hls.js, Shaka; the embed exposes none).
// - segmentClockS: the newest loaded segment's msn vs the buffered end, as
//                  tests/e2e/player-engine.spec.ts checks the engine.

const round = (x, digits = 3) => (x === null || !Number.isFinite(x) ? null : Number(x.toFixed(digits)));

/** Nearest-rank percentile of the finite values (null when there are none). */
export function percentile(values, p) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const median = (values) => percentile(values, 50);

/**
 * The segment clock: when the buffered end moves forward, the newest chunk the page loaded
 * (segment n, or part k of it) has just been appended, so the buffered end is that chunk's
 * end on the PDT clock. The offset (PDT − position) from the last few such moments (their
 * median, which absorbs samples taken between a download and its append) dates the position
 * on screen.
 */
function segmentClock(samples, clock, window = 15) {
  const recent = [];
  let previousEnd = null;
  return samples.map((s) => {
    const grew = previousEnd !== null && s.bufferedEnd !== null && s.bufferedEnd > previousEnd + 0.05;
    const pdtEnd = s.newestChunk === null ? null : clock.chunkEndMs(...s.newestChunk);
    if (grew && pdtEnd !== null) {
      recent.push(pdtEnd - s.bufferedEnd * 1000);
      if (recent.length > window) recent.shift();
    }
    previousEnd = s.bufferedEnd;
    return recent.length ? (s.now - (s.currentTime * 1000 + median(recent))) / 1000 : null;
  });
}

/**
 * Latency samples of one page. `latencyClock` (lib/players.mjs) says how latencyS is dated:
 * 'media' (the SourceBuffer's timestampOffset) or 'segments' (the segment clock, for the
 * browser's own HLS).
 */
export function latencySamples(recorded, clock, latencyClock = 'media') {
  if (latencyClock !== 'media' && latencyClock !== 'segments') throw new Error(`no latency clock "${latencyClock}"`);
  const bySegments = segmentClock(recorded.samples, clock);
  return recorded.samples.map((s, i) => {
    const pdt = s.mediaTime === null ? null : clock.pdtOfMediaTime(s.mediaTime);
    const byMedia = pdt === null ? null : (s.now - pdt) / 1000;
    return {
      t: round(s.atMs / 1000), // seconds since navigation start
      latencyS: round(latencyClock === 'segments' ? bySegments[i] : byMedia),
      ownClockS: round(s.playerDateMs === null ? null : (s.now - s.playerDateMs) / 1000),
      segmentClockS: round(bySegments[i]),
      rate: s.rate,
      height: s.height,
      paused: s.paused,
    };
  });
}

function mostCommon(values) {
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * How fast the element's clock ran against the page's while it played: media time advanced
 * over wall time × playback rate, summed over consecutive probe samples that both play (not
 * paused, HAVE_FUTURE_DATA or better) with no stall, seek or rate change between them. 1 on a
 * machine that keeps up. Below it, media time slips behind real time without any `waiting`
 * event (a starved renderer drops frames and its clock falls behind), and every player's
 * latency creeps up by as much: a run's latency figures say more about the machine than the
 * player then. Null without such a pair.
 */
export function mediaClockRate(probeSamples, stalls = [], rateChanges = []) {
  let media = 0;
  let wall = 0;
  // A rate that changed and changed back between two samples (hls.js toggles several times a
  // second) reads the same at both: the `ratechange` times say so.
  const stalledBetween = (a, b) =>
    stalls.some((s) => s.atMs < b && (s.endMs ?? Infinity) > a) || rateChanges.some((r) => r.atMs > a && r.atMs <= b);
  for (let i = 1; i < probeSamples.length; i += 1) {
    const [a, b] = [probeSamples[i - 1], probeSamples[i]];
    const playing = (s) => !s.paused && s.readyState >= 3 && s.rate > 0;
    if (!playing(a) || !playing(b) || a.rate !== b.rate || stalledBetween(a.atMs, b.atMs)) continue;
    const dWall = ((b.atMs - a.atMs) / 1000) * a.rate;
    const dMedia = b.currentTime - a.currentTime;
    // Not moving (a stall the probe missed) or moving by more than twice real time (a seek).
    if (!(dWall > 0) || !(dMedia > 0) || dMedia > 2 * dWall) continue;
    media += dMedia;
    wall += dWall;
  }
  return wall > 0 ? media / wall : null;
}

export function summarize(recorded, samples, endMs) {
  const latency = samples.map((s) => s.latencyS).filter((x) => x !== null);
  const column = (key) => samples.map((s) => s[key]).filter((x) => x !== null);
  const rates = [recorded.initialRate, ...recorded.rates.map((r) => r.rate)].filter((r) => r !== null);
  const stalledMs = recorded.stalls.reduce((sum, s) => sum + ((s.endMs ?? endMs) - s.atMs), 0);
  const height = mostCommon(samples.map((s) => s.height).filter(Boolean));
  return {
    firstFrameS: round(recorded.firstFrameMs === null ? null : recorded.firstFrameMs / 1000),
    latency: {
      p50: round(percentile(latency, 50)),
      p95: round(percentile(latency, 95)),
      min: round(latency.length ? Math.min(...latency) : null),
      max: round(latency.length ? Math.max(...latency) : null),
      samples: latency.length,
      undated: samples.length - latency.length,
    },
    ownClock: { p50: round(percentile(column('ownClockS'), 50)), p95: round(percentile(column('ownClockS'), 95)) },
    segmentClock: {
      p50: round(percentile(column('segmentClockS'), 50)),
      p95: round(percentile(column('segmentClockS'), 95)),
    },
    stalls: { waitingEvents: recorded.waitingEvents, count: recorded.stalls.length, totalS: round(stalledMs / 1000) },
    rateChanges: {
      count: recorded.rates.length,
      min: rates.length ? Math.min(...rates) : null,
      max: rates.length ? Math.max(...rates) : null,
    },
    rendition: height ? `${height}p` : null,
    mediaClock: round(mediaClockRate(recorded.samples ?? [], recorded.stalls, recorded.rates)),
  };
}
