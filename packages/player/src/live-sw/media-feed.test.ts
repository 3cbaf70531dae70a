import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaFeed, type FeedEnvironment, type FeedOptions } from './media-feed.ts';

const URL_ = 'https://origin.example/hls/ch/720p/media.m3u8';
const DIR = 'https://origin.example/hls/ch/720p';
const T0 = Date.parse('2026-03-01T12:00:00Z');
const PARTS_PER_SEGMENT = 4;

/**
 * An LL-HLS origin for one rendition: 2 s segments of four 0.5 s parts, the newest four whole
 * ones listed, then the segment in progress and a preload hint. A blocking reload is held until
 * what it asks for exists (advance / addPart release it), as the origin does.
 */
class FakeOrigin {
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

const partLine = (msn: number, i: number) =>
  `#EXT-X-PART:DURATION=0.500,URI="part-${msn}.${i}.m4s"${i === 0 ? ',INDEPENDENT=YES' : ''}`;

/** A part's bytes say which part it is: [msn % 256, index]. */
function partBytes(path: string): Uint8Array<ArrayBuffer> {
  const match = /part-(\d+)\.(\d+)\.m4s$/.exec(path);
  return match ? new Uint8Array([Number(match[1]) % 256, Number(match[2])]) : new Uint8Array([0xff]);
}

/** The bytes of a whole segment assembled from its four parts. */
const segmentBytes = (msn: number) => Array.from({ length: PARTS_PER_SEGMENT }, (_, i) => [msn % 256, i]).flat();

const PLAIN: FeedOptions = {
  lowLatency: { enabled: false, useLocalSegment: false, convertPrefetchSegment: false, preloadPrefetchSegments: false },
  holdReloads: true,
};
const LOW_LATENCY: FeedOptions = {
  lowLatency: { enabled: true, useLocalSegment: true, convertPrefetchSegment: false, preloadPrefetchSegments: true },
  holdReloads: true,
};

function environment(origin: FakeOrigin): FeedEnvironment {
  return {
    fetch: origin.fetch,
    now: () => Date.now(),
    sleep: (ms, signal) =>
      new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      }),
  };
}

/** Lets fetches, body reads and the feed's promise chains finish (no fake time passes). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

/** Follows a promise without awaiting it, so a test can see whether it has resolved yet. */
function track(promise: Promise<unknown>) {
  const state = { done: false, error: null as unknown };
  promise.then(
    () => (state.done = true),
    (error: unknown) => (state.error = error),
  );
  return state;
}

let feeds: MediaFeed[] = [];
function feed(origin: FakeOrigin, options = PLAIN): MediaFeed {
  const created = new MediaFeed(URL_, options, environment(origin));
  feeds.push(created);
  return created;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0 + 10_000);
});

afterEach(() => {
  for (const f of feeds) f.destroy();
  feeds = [];
  vi.useRealTimers();
});

describe('MediaFeed.refresh', () => {
  it('loads the playlist and exposes the newest whole segment', async () => {
    const origin = new FakeOrigin();
    origin.discontinuitySequence = 4;
    const f = feed(origin);
    expect(f.newestWhole).toBeNull();
    const playlist = await f.refresh();
    expect(f.latest).toBe(playlist);
    expect(playlist.segments.map((s) => [s.msn, s.url?.slice(DIR.length + 1) ?? null])).toEqual([
      [99, 'seg-99.m4s'],
      [100, 'seg-100.m4s'],
      [101, 'seg-101.m4s'],
      [102, 'seg-102.m4s'],
      [103, null],
    ]);
    expect(f.newestWhole).toBe(102);
    expect(f.discontinuitySequence).toBe(4);
    expect(f.foreign).toBe(false);
    expect(origin.playlistRequests()).toEqual(['']);
  });

  it('passes delivery directives to the origin', async () => {
    const origin = new FakeOrigin();
    await feed(origin).refresh({ msn: 103, part: 1 });
    expect(origin.playlistRequests()).toEqual(['?_HLS_msn=103&_HLS_part=1']);
  });

  it('marks a playlist it cannot rewrite as foreign', async () => {
    const origin = new FakeOrigin();
    origin.encrypted = true;
    const f = feed(origin);
    await f.refresh();
    expect(f.foreign).toBe(true);
    origin.encrypted = false;
    await f.refresh();
    expect(f.foreign).toBe(false);
  });

  it('rejects when the origin fails', async () => {
    const origin = new FakeOrigin();
    origin.status = 503;
    await expect(feed(origin).refresh()).rejects.toThrow(`The origin answered 503 for ${URL_}`);
  });
});

describe('MediaFeed delta updates', () => {
  it('asks for a delta where the origin offers one and restores the skipped segments', async () => {
    const origin = new FakeOrigin();
    origin.canSkipUntil = 12;
    const f = feed(origin);
    await f.refresh();
    origin.advance();
    const merged = await f.refresh();
    expect(origin.playlistRequests()).toEqual(['', '?_HLS_skip=YES']);
    expect(merged.skipped).toBe(0);
    expect(merged.segments.map((s) => s.msn)).toEqual([100, 101, 102, 103]); // 104 has no part yet
    // The restored ones keep their URLs and dates.
    expect(merged.segments[0]!.url).toBe(`${DIR}/seg-100.m4s`);
    expect(merged.segments[0]!.dateMs).toBe(T0);
    expect(f.newestWhole).toBe(103);
  });

  it('asks again in full when the previous playlist no longer holds what the delta skipped', async () => {
    const origin = new FakeOrigin();
    origin.canSkipUntil = 12;
    const f = feed(origin);
    await f.refresh();
    origin.advance(6); // 105 and 106 skipped: the feed only ever saw up to 102
    const playlist = await f.refresh();
    expect(origin.playlistRequests()).toEqual(['', '?_HLS_skip=YES', '']);
    expect(playlist.segments.map((s) => s.msn)).toEqual([105, 106, 107, 108]);
  });

  it('asks for whole playlists where the origin offers no delta', async () => {
    const origin = new FakeOrigin();
    const f = feed(origin);
    await f.refresh();
    await f.refresh();
    expect(origin.playlistRequests()).toEqual(['', '']);
  });
});

describe('MediaFeed.newerThan', () => {
  it('holds a blocking reload for the next segment where the origin can block', async () => {
    const origin = new FakeOrigin();
    const f = feed(origin);
    await f.refresh();
    const wait = track(f.newerThan(102, Date.now() + 6_000));
    await settle();
    expect(origin.playlistRequests()).toEqual(['', '?_HLS_msn=103']);
    // No polling while the origin holds the request.
    await vi.advanceTimersByTimeAsync(1_500);
    expect(wait.done).toBe(false);
    expect(origin.playlistRequests()).toHaveLength(2);

    origin.advance();
    await settle();
    expect(wait.done).toBe(true);
    expect(f.newestWhole).toBe(103);
    expect(origin.playlistRequests()).toHaveLength(2);
  });

  it('loads the playlist first when it has none', async () => {
    const origin = new FakeOrigin();
    const f = feed(origin);
    const wait = track(f.newerThan(101, Date.now() + 6_000));
    await settle();
    expect(wait.done).toBe(true);
    expect(origin.playlistRequests()).toEqual(['']);
  });

  it('polls at half the target duration where the origin cannot block', async () => {
    const origin = new FakeOrigin();
    origin.blocking = false;
    const f = feed(origin);
    await f.refresh();
    const wait = track(f.newerThan(102, Date.now() + 10_000));
    await vi.advanceTimersByTimeAsync(999);
    expect(origin.playlistRequests()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(origin.playlistRequests()).toEqual(['', '']);
    expect(wait.done).toBe(false);

    origin.advance();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(origin.playlistRequests()).toHaveLength(3);
    expect(wait.done).toBe(true);
    expect(f.newestWhole).toBe(103);
  });

  it('gives up at the deadline when the origin never moves', async () => {
    const origin = new FakeOrigin();
    origin.blocking = false;
    const f = feed(origin);
    await f.refresh();
    const wait = track(f.newerThan(102, Date.now() + 3_000));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(wait.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(wait.done).toBe(true);
    expect(f.newestWhole).toBe(102);
    expect(origin.playlistRequests()).toHaveLength(4); // the first load and a poll a second
  });

  it('gives up a blocking reload the origin never answers at the deadline, keeping what it had', async () => {
    const origin = new FakeOrigin();
    const f = feed(origin);
    await f.refresh();
    const wait = track(f.newerThan(102, Date.now() + 3_000));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(wait.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    // Resolved, not rejected: the native player gets an answer with what the worker has.
    expect(wait).toEqual({ done: true, error: null });
    expect(f.newestWhole).toBe(102);
    expect(origin.playlistRequests()).toEqual(['', '?_HLS_msn=103']);
  });

  it('returns at once when a newer segment is already listed', async () => {
    const origin = new FakeOrigin();
    const f = feed(origin);
    await f.refresh();
    await f.newerThan(101, Date.now() + 6_000);
    expect(origin.playlistRequests()).toEqual(['']);
  });
});

describe('MediaFeed parts (low latency)', () => {
  const partRequests = (origin: FakeOrigin) =>
    origin.requests.filter((r) => !r.startsWith(URL_)).map((r) => r.slice(DIR.length + 1));

  it('fetches the listed parts of the newest segments and the hinted one', async () => {
    const origin = new FakeOrigin();
    const f = feed(origin, LOW_LATENCY);
    await f.refresh();
    await settle();
    // From the segment before the newest whole one (101) on, and the hint (103.2).
    expect(partRequests(origin).sort()).toEqual(
      [
        ...[0, 1, 2, 3].map((i) => `part-101.${i}.m4s`),
        ...[0, 1, 2, 3].map((i) => `part-102.${i}.m4s`),
        'part-103.0.m4s',
        'part-103.1.m4s',
        'part-103.2.m4s',
      ].sort(),
    );
    expect(f.parts.size).toBe(11);
  });

  it('fetches no parts without preloadPrefetchSegments', async () => {
    const origin = new FakeOrigin();
    const f = feed(origin, {
      ...LOW_LATENCY,
      lowLatency: { ...LOW_LATENCY.lowLatency, preloadPrefetchSegments: false },
    });
    await f.refresh();
    await settle();
    expect(partRequests(origin)).toEqual([]);
    expect(await f.localSegment(102)).toBeNull();
  });

  it('assembles a whole segment from its parts, and nothing for one in progress', async () => {
    const origin = new FakeOrigin();
    const f = feed(origin, LOW_LATENCY);
    await f.refresh();
    expect(Array.from((await f.localSegment(102))!)).toEqual(segmentBytes(102));
    expect(await f.localSegment(103)).toBeNull(); // in progress
    expect(await f.localSegment(100)).toBeNull(); // its parts were not fetched

    // 103 completes: the hinted part is reused, the last one fetched, and the segment is whole.
    origin.addPart();
    origin.addPart();
    origin.advance();
    await f.refresh();
    expect(Array.from((await f.localSegment(103))!)).toEqual(segmentBytes(103));
    expect(partRequests(origin).filter((r) => r === 'part-103.2.m4s')).toHaveLength(1);
    // Parts of segments the window left behind are forgotten.
    expect(await f.localSegment(101)).toBeNull();
  });

  it('follows the origin part by part while the native player uses the playlist', async () => {
    const origin = new FakeOrigin();
    const f = feed(origin, LOW_LATENCY);
    await f.refresh();
    f.asked();
    await settle();
    expect(origin.playlistRequests()).toEqual(['', '?_HLS_msn=103&_HLS_part=2']);
    origin.addPart();
    await settle();
    expect(origin.playlistRequests().at(-1)).toBe('?_HLS_msn=103&_HLS_part=3');
    expect(f.parts.has(`${DIR}/part-103.3.m4s`)).toBe(true); // the new hint
    // While it follows, newerThan waits for the followed updates instead of asking itself.
    const wait = track(f.newerThan(102, Date.now() + 6_000));
    origin.addPart();
    origin.advance();
    await settle();
    expect(wait.done).toBe(true);
    expect(origin.playlistRequests().filter((r) => r === '?_HLS_msn=103')).toEqual([]);
  });

  it('stops following once the native player has not asked for 3 s', async () => {
    const origin = new FakeOrigin();
    origin.blocking = true;
    const f = feed(origin, LOW_LATENCY);
    await f.refresh();
    f.asked();
    await settle();
    for (let i = 0; i < 8; i++) {
      await vi.advanceTimersByTimeAsync(500);
      origin.addPart();
      if (origin.parts === PARTS_PER_SEGMENT) origin.advance();
      await settle();
    }
    const count = origin.playlistRequests().length;
    expect(count).toBeGreaterThanOrEqual(7); // it did follow, about one reload a part
    await vi.advanceTimersByTimeAsync(500);
    origin.addPart();
    await settle();
    expect(origin.playlistRequests()).toHaveLength(count);
  });
});
