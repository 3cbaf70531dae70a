/**
 * A fake LL-HLS origin for the live-manifest worker's unit tests (media-feed.test.ts,
 * live-page.test.ts): one rendition with blocking reloads, delta updates and parts.
 */
export const URL_ = 'https://origin.example/hls/ch/720p/media.m3u8';
export const DIR = 'https://origin.example/hls/ch/720p';
export const T0 = Date.parse('2026-03-01T12:00:00Z');
export const PARTS_PER_SEGMENT = 4;

/**
 * An LL-HLS origin for one rendition: 2 s segments of four 0.5 s parts, the newest four whole
 * ones listed, then the segment in progress and a preload hint. A blocking reload is held until
 * what it asks for exists (advance / addPart release it), as the origin does.
 */
export class FakeOrigin {
  /** The newest whole segment. */
  newest = 102;
  /** Parts of the segment in progress (newest + 1) published so far. */
  parts = 2;
  blocking = true;
  canSkipUntil = 0;
  encrypted = false;
  discontinuitySequence = 0;
  status = 200;
  readonly requests: string[] = [];
  #held: { ready: () => boolean; answer: () => void }[] = [];

  readonly fetch = (url: string, signal: AbortSignal): Promise<Response> => {
    this.requests.push(url);
    const u = new URL(url);
    if (!u.pathname.endsWith('.m3u8')) return Promise.resolve(new Response(partBytes(u.pathname)));
    const msn = u.searchParams.has('_HLS_msn') ? Number(u.searchParams.get('_HLS_msn')) : null;
    const part = u.searchParams.has('_HLS_part') ? Number(u.searchParams.get('_HLS_part')) : null;
    const skip = u.searchParams.get('_HLS_skip') === 'YES';
    const ready = () =>
      msn === null || this.newest >= msn || (part !== null && this.newest + 1 === msn && this.parts > part);
    const respond = () => new Response(this.playlist(skip), { status: this.status });
    if (!this.blocking || ready()) return Promise.resolve(respond());
    return new Promise((resolve, reject) => {
      this.#held.push({ ready, answer: () => resolve(respond()) });
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
    });
  };

  /** The segment in progress completes. */
  advance(segments = 1): void {
    this.newest += segments;
    this.parts = 0;
    this.#release();
  }

  addPart(): void {
    this.parts += 1;
    this.#release();
  }

  /** Playlist requests, with their query (relative to the playlist's URL). */
  playlistRequests(): string[] {
    return this.requests.filter((r) => r.startsWith(URL_)).map((r) => r.slice(URL_.length));
  }

  #release(): void {
    const ready = this.#held.filter((h) => h.ready());
    this.#held = this.#held.filter((h) => !h.ready());
    for (const h of ready) h.answer();
  }

  playlist(skip: boolean): string {
    const first = this.newest - 3;
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:9',
      '#EXT-X-TARGETDURATION:2',
      `#EXT-X-SERVER-CONTROL:${this.blocking ? 'CAN-BLOCK-RELOAD=YES,' : ''}CAN-SKIP-UNTIL=${this.canSkipUntil},PART-HOLD-BACK=1.5`,
      '#EXT-X-PART-INF:PART-TARGET=0.5',
      `#EXT-X-MEDIA-SEQUENCE:${first}`,
      `#EXT-X-DISCONTINUITY-SEQUENCE:${this.discontinuitySequence}`,
    ];
    if (this.encrypted) lines.push('#EXT-X-KEY:METHOD=AES-128,URI="key.bin"');
    // A delta update lists the newest two whole segments only.
    const skipped = skip && this.canSkipUntil > 0 ? this.newest - 1 - first : 0;
    if (skipped > 0) lines.push(`#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped}`);
    lines.push('#EXT-X-MAP:URI="init.mp4"');
    for (let msn = first + skipped; msn <= this.newest; msn++) {
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(T0 + (msn - 100) * 2000).toISOString()}`);
      for (let i = 0; i < PARTS_PER_SEGMENT; i++) lines.push(partLine(msn, i));
      lines.push('#EXTINF:2.000,', `seg-${msn}.m4s`);
    }
    const inProgress = this.newest + 1;
    for (let i = 0; i < this.parts; i++) lines.push(partLine(inProgress, i));
    lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-${inProgress}.${this.parts}.m4s"`);
    return `${lines.join('\n')}\n`;
  }
}

export const partLine = (msn: number, i: number) =>
  `#EXT-X-PART:DURATION=0.500,URI="part-${msn}.${i}.m4s"${i === 0 ? ',INDEPENDENT=YES' : ''}`;

/** A part's bytes say which part it is: [msn % 256, index]. */
export function partBytes(path: string): Uint8Array<ArrayBuffer> {
  const match = /part-(\d+)\.(\d+)\.m4s$/.exec(path);
  return match ? new Uint8Array([Number(match[1]) % 256, Number(match[2])]) : new Uint8Array([0xff]);
}

/** The bytes of a whole segment assembled from its four parts. */
export const segmentBytes = (msn: number) => Array.from({ length: PARTS_PER_SEGMENT }, (_, i) => [msn % 256, i]).flat();
