import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIR, FakeOrigin, PARTS_PER_SEGMENT, segmentBytes, T0, URL_ } from '../testing/fake-ll-origin.ts';
import { MediaFeed, type FeedEnvironment, type FeedOptions } from './media-feed.ts';

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
