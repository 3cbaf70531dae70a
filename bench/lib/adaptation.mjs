// Adaptation and stalls under a network profile, from what the probe recorded (pure).
// Renditions are told apart by the height of the frame on screen (videoHeight); each height's
// bitrate is the BANDWIDTH its variant advertises in the master playlist.

/** Height → advertised BANDWIDTH (bits/s) from a master playlist's EXT-X-STREAM-INF tags. */
export function bandwidthByHeight(masterText) {
  const map = new Map();
  for (const line of masterText.split('\n')) {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1]);
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1]);
    if (bandwidth && height) map.set(height, bandwidth);
  }
  return map;
}

/** When each profile step starts, in seconds since navigation start, given the first frame. */
export function stepTimes(steps, firstFrameS) {
  let at = firstFrameS;
  return steps.map((step) => {
    const timed = { ...step, atS: at };
    at += step.seconds;
    return timed;
  });
}

/** Height on screen at time t (the newest sample at or before t that shows a frame). */
function heightAt(samples, t) {
  let height = null;
  for (const s of samples) {
    if (s.t > t) break;
    if (s.height > 0) height = s.height;
  }
  return height;
}

const lowest = (heights) => {
  const shown = heights.filter((h) => h > 0);
  return shown.length ? Math.min(...shown) : null;
};

/**
 * @param {object} input
 * @param {{ t: number, currentTime: number, height: number }[]} input.samples  t in s since navigation start
 * @param {{ atMs: number, endMs: number|null }[]} input.stalls  after the first frame
 * @param {number} input.firstFrameS
 * @param {number} input.endS  when the session ended
 * @param {{ kbps: number, atS: number }[]} input.steps  from stepTimes()
 * @param {Map<number, number>} input.bandwidth  from bandwidthByHeight()
 */
export function adaptation({ samples, stalls, firstFrameS, endS, steps, bandwidth }) {
  const stalledS = stalls.reduce((sum, s) => sum + ((s.endMs ?? endS * 1000) - s.atMs) / 1000, 0);
  const playedS = Math.max(0, endS - firstFrameS);

  // The first step down in throughput, and the first step up after it.
  const downIndex = steps.findIndex((s, i) => i > 0 && s.kbps < steps[i - 1].kbps);
  const upIndex = downIndex < 0 ? -1 : steps.findIndex((s, i) => i > downIndex && s.kbps > steps[i - 1].kbps);
  const before = downIndex < 0 ? null : heightAt(samples, steps[downIndex].atS);
  const firstAfter = (from, test) => samples.find((s) => s.t >= from && s.height > 0 && test(s.height));

  let switchDownS = null;
  if (before !== null) {
    const down = firstAfter(steps[downIndex].atS, (h) => h < before);
    // A switch that only happens after the throughput came back up is no answer to the drop.
    const limit = upIndex < 0 ? Infinity : steps[upIndex].atS;
    if (down && down.t < limit) switchDownS = down.t - steps[downIndex].atS;
  }
  let switchUpS = null;
  if (switchDownS !== null && upIndex >= 0) {
    // Back up: the rendition played before the drop (or a higher one) is on screen again.
    const up = firstAfter(steps[upIndex].atS, (h) => h >= before);
    if (up) switchUpS = up.t - steps[upIndex].atS;
  }

  // Average bitrate played: each interval in which the playhead moved, weighted by its length.
  let weighted = 0;
  let time = 0;
  for (let i = 1; i < samples.length; i += 1) {
    const [a, b] = [samples[i - 1], samples[i]];
    const bps = bandwidth.get(a.height);
    if (a.t < firstFrameS || !bps || !(b.currentTime > a.currentTime)) continue;
    weighted += bps * (b.t - a.t);
    time += b.t - a.t;
  }

  return {
    stalls: stalls.length,
    stalledS,
    rebufferRatio: playedS > 0 ? stalledS / playedS : null,
    heightBeforeDrop: before,
    lowestHeight: lowest(samples.filter((s) => s.t >= firstFrameS).map((s) => s.height)),
    switchDownS,
    switchUpS,
    avgBitrateKbps: time > 0 ? weighted / time / 1000 : null,
  };
}
