// The stream's own clock, read in Node independently of every player: the live media
// playlist is fetched once a second and each segment's media sequence number is mapped to
// its EXT-X-PROGRAM-DATE-TIME and duration.

/** Parses a media playlist into [{ msn, pdtMs, durationMs, partsMs }] (complete segments). */
export function parseMediaPlaylist(text) {
  const segments = [];
  let msn = 0;
  let pdtMs = null;
  let durationMs = null;
  let partsMs = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) msn = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pdtMs = Date.parse(line.slice(25));
    else if (line.startsWith('#EXTINF:')) durationMs = Number.parseFloat(line.slice(8)) * 1000;
    else if (line.startsWith('#EXT-X-PART:')) partsMs.push(Number(/DURATION=([\d.]+)/.exec(line)?.[1]) * 1000);
    else if (line && !line.startsWith('#')) {
      segments.push({ msn, pdtMs, durationMs, partsMs });
      // A segment without its own tag continues the previous one's date.
      pdtMs = pdtMs === null ? null : pdtMs + durationMs;
      partsMs = [];
      msn += 1;
    }
  }
  return segments.filter((s) => s.pdtMs !== null && Number.isFinite(s.durationMs));
}

export class PlaylistClock {
  /** msn → { pdtMs, durationMs, partsMs } */
  segments = new Map();
  #timer = null;
  #mediaUrl = null;

  constructor(masterUrl) {
    this.masterUrl = masterUrl;
  }

  async start(intervalMs = 1000) {
    const master = await (await fetch(this.masterUrl)).text();
    const variant = master.split('\n').find((l) => l.trim() && !l.startsWith('#'));
    if (!variant) throw new Error(`no variant in ${this.masterUrl}`);
    this.#mediaUrl = new URL(variant.trim(), this.masterUrl).href;
    await this.poll();
    this.#timer = setInterval(() => void this.poll(), intervalMs);
  }

  stop() {
    clearInterval(this.#timer);
  }

  get mediaUrl() {
    return this.#mediaUrl;
  }

  async poll() {
    try {
      const text = await (await fetch(this.#mediaUrl)).text();
      for (const { msn, ...segment } of parseMediaPlaylist(text)) {
        // LL-HLS lists parts only near the live edge: keep those seen while they were there.
        if (!segment.partsMs.length) segment.partsMs = this.segments.get(msn)?.partsMs ?? [];
        this.segments.set(msn, segment);
      }
    } catch {
      // a missed poll is covered by the next one (the window holds several segments)
    }
  }

  /** The segment duration the playlist advertises (all segments are alike here). */
  get segmentDurationMs() {
    return this.segments.values().next().value?.durationMs ?? null;
  }

  /**
   * End of a chunk on the program-date-time clock: part `part` of segment `msn`, or the whole
   * segment when `part` is null. Null when the playlist never listed it.
   */
  chunkEndMs(msn, part) {
    const segment = this.segments.get(msn);
    if (!segment) return null;
    if (part === null) return segment.pdtMs + segment.durationMs;
    if (part >= segment.partsMs.length) return null;
    return segment.pdtMs + segment.partsMs.slice(0, part + 1).reduce((a, b) => a + b, 0);
  }

  /**
   * Program-date-time of an original media timestamp (seconds). The origin publishes
   * segment n as media time [n·D, (n+1)·D) (apps/platform/src/origin/timeline.ts); the
   * date itself is the one the playlist gave that segment.
   */
  pdtOfMediaTime(seconds) {
    const d = this.segmentDurationMs;
    if (d === null || !Number.isFinite(seconds)) return null;
    const msn = Math.floor((seconds * 1000) / d);
    const segment = this.segments.get(msn);
    return segment ? segment.pdtMs + (seconds * 1000 - msn * d) : null;
  }

  /** Largest gap between a segment's listed date and its media start (0 when they agree). */
  mediaTimeVsPdtMaxErrorMs() {
    const d = this.segmentDurationMs;
    let max = 0;
    for (const [msn, { pdtMs }] of this.segments) max = Math.max(max, Math.abs(pdtMs - msn * d));
    return max;
  }
}
