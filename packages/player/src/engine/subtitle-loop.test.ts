import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseMediaPlaylist, type MediaPlaylist } from '../hls/media-playlist.ts';
import type { VttCue } from '../hls/webvtt.ts';
import {
  nextSubtitleSegment,
  segmentTimes,
  SUBTITLE_PLAYLIST_RETRY_MS,
  SubtitleLoop,
  type SubtitleLoopHost,
} from './subtitle-loop.ts';
import type { TimeReference } from './timeline-anchor.ts';
import { Wakeups } from './wakeups.ts';

const URL_ = 'https://cdn.test/live/subs/index.m3u8';

/** A subtitle playlist of 2 s segments `first` … `last` (`seg-N.vtt`), with dates from `dateMs` where given. */
function playlist(first: number, last: number, options: { end?: boolean; dateMs?: number } = {}): MediaPlaylist {
  const lines = ['#EXTM3U', '#EXT-X-TARGETDURATION:2', `#EXT-X-MEDIA-SEQUENCE:${first}`];
  for (let msn = first; msn <= last; msn++) {
    if (options.dateMs !== undefined) {
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(options.dateMs + (msn - first) * 2000).toISOString()}`);
    }
    lines.push('#EXTINF:2.0,', `seg-${msn}.vtt`);
  }
  if (options.end) lines.push('#EXT-X-ENDLIST');
  return parseMediaPlaylist(lines.join('\n'), URL_);
}

const name = (url: string) => url.split('/').pop();

describe('segmentTimes', () => {
  it('places segments by sequence number from the main track’s reference', () => {
    const times = segmentTimes(playlist(3, 5), { msn: 4, start: 100, dateOffset: null });
    expect(times.map((t) => [name(t.url), t.start, t.end])).toEqual([
      ['seg-3.vtt', 98, 100],
      ['seg-4.vtt', 100, 102],
      ['seg-5.vtt', 102, 104],
    ]);
  });

  it('reaches a reference outside the window in target durations', () => {
    // The main track is ahead of this playlist's edge (it lags a refresh behind).
    expect(segmentTimes(playlist(3, 5), { msn: 7, start: 100, dateOffset: null })[2]).toMatchObject({ start: 96 });
    expect(segmentTimes(playlist(3, 5), { msn: 1, start: 100, dateOffset: null })[0]).toMatchObject({ start: 104 });
  });

  it('places segments by date where the reference has one and every segment is dated', () => {
    const dateMs = Date.UTC(2026, 0, 1);
    // Element time = epoch seconds - dateOffset; the sequence numbers do not matter then.
    const ref: TimeReference = { msn: 999, start: 0, dateOffset: dateMs / 1000 - 50 };
    expect(segmentTimes(playlist(3, 4, { dateMs }), ref).map((t) => t.start)).toEqual([50, 52]);
  });
});

describe('nextSubtitleSegment', () => {
  const times = segmentTimes(playlist(0, 99, { end: true }), { msn: 0, start: 0, dateOffset: null });

  it('loads the segment playing, then ahead within reach, then behind; never the whole window', () => {
    const order: string[] = [];
    const loaded = new Set<string>();
    for (let next = nextSubtitleSegment(times, 41, loaded); next; next = nextSubtitleSegment(times, 41, loaded)) {
      loaded.add(next.url);
      order.push(name(next.url)!);
    }
    // 41 s: 4 s behind (37) to 20 s ahead (61).
    expect(order).toEqual([
      ...[20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30].map((n) => `seg-${n}.vtt`),
      'seg-18.vtt',
      'seg-19.vtt',
    ]);
  });

  it('skips what was loaded, and answers null when everything within reach is', () => {
    const loaded = new Set(times.filter((t) => t.start < 30).map((t) => t.url));
    expect(nextSubtitleSegment(times, 10, loaded)).toBeNull();
    expect(name(nextSubtitleSegment(times, 12, loaded)!.url)).toBe('seg-15.vtt');
    expect(nextSubtitleSegment(times, 2, loaded)).toBeNull();
  });
});

/** A host whose playlist and segments are answered from `playlists` and `bodies`. */
function fakeHost(ref: TimeReference | null = { msn: 0, start: 0, dateOffset: null }) {
  const state = {
    generation: 1,
    position: 0,
    ref,
    offset: 0,
    playlists: [] as MediaPlaylist[],
    bodies: new Map<string, string>(),
    asked: [] as string[],
    cues: [] as { track: string; cues: VttCue[] }[],
    warnings: [] as string[],
  };
  const host: SubtitleLoopHost = {
    generation: () => state.generation,
    position: () => state.position,
    wakeups: new Wakeups({
      setTimeout: (cb, ms) => setTimeout(cb, ms),
      clearTimeout: (h) => clearTimeout(h as number),
    }),
    monotonic: () => Date.now(),
    timeReference: () => state.ref,
    mediaOffset: () => state.offset,
    loadPlaylist: async () => {
      state.asked.push('playlist');
      return state.playlists.shift() ?? null;
    },
    loadText: async (url) => {
      state.asked.push(name(url)!);
      const body = state.bodies.get(name(url)!);
      if (body === undefined) throw new Error('HTTP 404');
      return body;
    },
    cues: (track, cues) => state.cues.push({ track, cues }),
    warn: (message) => state.warnings.push(message),
  };
  return { host, state };
}

const vtt = (text: string, from = '00:00.000', to = '00:01.000') => `WEBVTT\n\n${from} --> ${to}\n${text}\n`;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SubtitleLoop', () => {
  it('loads a VOD playlist once and the segments around the position, cues on the element’s timeline', async () => {
    const { host, state } = fakeHost();
    state.playlists.push(playlist(0, 99, { end: true }));
    state.offset = 1000; // element time = media time + 1000 (the media loop's offset)
    state.position = 1004;
    const at = (s: number) =>
      `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
    for (let n = 0; n < 100; n++) state.bodies.set(`seg-${n}.vtt`, vtt(`cue ${n}`, at(2 * n), at(2 * n + 1)));
    // The main track's segment 0 starts at element time 1000.
    state.ref = { msn: 0, start: 1000, dateOffset: null };
    const loop = new SubtitleLoop(host, 'en', URL_);
    void loop.run(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.asked.filter((a) => a === 'playlist')).toHaveLength(1);
    // 1004: segments 2 (1004–1006) to 11 (ahead 20 s), then 0 and 1 behind.
    expect(state.asked.slice(1)).toEqual([
      ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => `seg-${n}.vtt`),
      'seg-0.vtt',
      'seg-1.vtt',
    ]);
    expect(state.cues[0]).toEqual({ track: 'en', cues: [{ startTime: 1004, endTime: 1005, text: 'cue 2' }] });
    // Playback moves on: the next segment as it comes within reach, nothing twice.
    state.position = 1008.5;
    await vi.advanceTimersByTimeAsync(600);
    expect(state.asked.slice(13)).toEqual(['seg-12.vtt', 'seg-13.vtt', 'seg-14.vtt']);
    loop.stop();
  });

  it('loads again what a seek back passed (its cues were released), and nothing after stop', async () => {
    const { host, state } = fakeHost();
    state.playlists.push(playlist(0, 99, { end: true }));
    for (let n = 0; n < 100; n++) state.bodies.set(`seg-${n}.vtt`, vtt(`cue ${n}`));
    state.position = 60;
    const loop = new SubtitleLoop(host, 'en', URL_);
    void loop.run(1);
    await vi.advanceTimersByTimeAsync(1000);
    const before = state.asked.length;
    state.position = 50;
    await vi.advanceTimersByTimeAsync(600);
    expect(state.asked.slice(before)[0]).toBe('seg-25.vtt');
    loop.stop();
    const asked = state.asked.length;
    state.position = 0;
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.asked.length).toBe(asked);
  });

  it('refreshes a live playlist every target duration, and asks again after a failure', async () => {
    const { host, state } = fakeHost();
    state.position = 0;
    const loop = new SubtitleLoop(host, 'en', URL_);
    void loop.run(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(state.asked).toEqual(['playlist']); // none to be had (the host reported why)
    await vi.advanceTimersByTimeAsync(SUBTITLE_PLAYLIST_RETRY_MS);
    expect(state.asked).toEqual(['playlist', 'playlist']);
    state.playlists.push(playlist(0, 1), playlist(0, 2));
    await vi.advanceTimersByTimeAsync(SUBTITLE_PLAYLIST_RETRY_MS);
    const count = () => state.asked.filter((a) => a === 'playlist').length;
    expect(count()).toBe(3);
    await vi.advanceTimersByTimeAsync(2100); // TARGETDURATION 2
    expect(count()).toBe(4);
    expect(state.asked).toContain('seg-2.vtt');
    // A new generation ends this run.
    state.generation = 2;
    host.wakeups.wake();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(count()).toBe(4);
  });

  it('passes a segment that fails or is not WebVTT by, with a warning; waits for the main track', async () => {
    const { host, state } = fakeHost(null);
    state.playlists.push(playlist(0, 2, { end: true }));
    state.bodies.set('seg-1.vtt', '<html>oops</html>');
    state.bodies.set('seg-2.vtt', vtt('fine', '00:04.000', '00:05.000'));
    state.position = 2;
    const loop = new SubtitleLoop(host, 'en', URL_);
    void loop.run(1);
    await vi.advanceTimersByTimeAsync(2000);
    // No segment before the main track is placed on the element's timeline.
    expect(state.asked).toEqual(['playlist']);
    state.ref = { msn: 0, start: 0, dateOffset: null };
    await vi.advanceTimersByTimeAsync(600);
    expect(state.asked.slice(1)).toEqual(['seg-1.vtt', 'seg-2.vtt', 'seg-0.vtt']);
    expect(state.warnings).toEqual([
      'a subtitle segment was skipped: not a WebVTT body',
      'a subtitle segment was skipped: HTTP 404',
    ]);
    expect(state.cues.map((c) => c.cues[0]!.text)).toEqual(['fine']);
    loop.stop();
  });
});
