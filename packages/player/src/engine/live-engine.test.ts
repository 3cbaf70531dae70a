import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EPOCH_S, FakeOrigin, fragment, initSegment, PART_S, RecordingTarget } from '../testing/fake-origin.ts';
import { fragmentStartTime, trackTimescales } from './fmp4.ts';
import { LiveEngine, QUOTA_RETRY_MS } from './live-engine.ts';
import { MediaTargetError } from './media-target.ts';
import type { SubtitleLoader } from './subtitle-loader.ts';
import { SubtitleLoop } from './subtitle-loop.ts';
import type { EngineEvent } from './protocol.ts';
import { NO_IDENTITY, type RequestIdentity } from '../rules/request-identity.ts';

const MASTER = 'https://origin.test/hls/ch/master.m3u8';

let origin: FakeOrigin;
let target: RecordingTarget;
let events: EngineEvent[];
let engine: LiveEngine;

function start(
  options: {
    viewport?: [number, number];
    lowLatency?: boolean;
    url?: string;
    bandwidthEstimate?: number;
    /** The multivariant playlist's text as the page fetched it (load's `extra.multivariant`). */
    multivariant?: string;
    /** The media playlists the page holds (load's `extra.media`). */
    media?: { url: string; text: string; writtenAtMs: number }[];
    onEvent?: (event: EngineEvent) => void;
    loadSubtitles?: SubtitleLoader;
    identity?: RequestIdentity;
  } = {},
): void {
  engine = new LiveEngine(
    {
      fetch: origin.fetch,
      monotonic: () => Date.now(),
      now: () => Date.now(),
      timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as number) },
      target,
      emit: (event) => {
        options.onEvent?.(event);
        events.push(event);
      },
      isTypeSupported: () => true,
      // The worker loads it from its own script (subtitle-script.ts); here, the module itself.
      loadSubtitles:
        options.loadSubtitles ?? (() => Promise.resolve((host, id, url) => new SubtitleLoop(host, id, url))),
    },
    {
      lowLatency: options.lowLatency ?? true,
      bandwidthEstimate: options.bandwidthEstimate ?? null,
      transcodesOnly: false,
    },
  );
  const [w, h] = options.viewport ?? [640, 360];
  engine.setViewport(w, h);
  if (options.identity) engine.setIdentity(options.identity);
  engine.load(options.url ?? MASTER, options.multivariant, options.media);
}

const anonymousIncluding = (): RequestIdentity => ({ ...NO_IDENTITY, credentials: 'include' });

const settle = () => vi.advanceTimersByTimeAsync(0);

/**
 * The MediaSource stays closed (the page has not put it on an element yet) until the returned
 * function is called: nothing can be appended, while requests go on.
 */
function closeMediaSource(): () => void {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const configure = target.configure.bind(target);
  target.configure = (mime) => opened.then(() => configure(mime));
  return open;
}
/** A response that sends its first 1000 bytes, then nothing until aborted: the link collapsed. */
/** The answer's first 1000 bytes, then nothing; its whole length declared, as the stand-in origin does. */
async function stalledAfter1000Bytes(answer: Promise<Response>, init?: RequestInit): Promise<Response> {
  const whole = new Uint8Array(await (await answer).arrayBuffer());
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(whole.slice(0, 1000));
      init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
  });
  return new Response(body, { headers: { 'content-length': String(whole.byteLength) } });
}

/**
 * The answer streamed as an origin streams a part while it is encoded: chunked (no length), a
 * quarter every 45 ms, done in 135 ms of the part's 200.
 */
async function streamedAtItsPace(answer: Promise<Response>): Promise<Response> {
  const whole = new Uint8Array(await (await answer).arrayBuffer());
  const quarter = Math.ceil(whole.byteLength / 4);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < 4; i += 1) {
        setTimeout(() => {
          controller.enqueue(whole.slice(i * quarter, (i + 1) * quarter));
          if (i === 3) controller.close();
        }, i * 45);
      }
    },
  });
  return new Response(body);
}

const of = <T extends EngineEvent['type']>(type: T) =>
  events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);

beforeEach(() => {
  vi.useFakeTimers();
  origin = new FakeOrigin();
  origin.publish(4 * 5 + 2); // segments 0–4 whole, 2 parts of segment 5
  target = new RecordingTarget();
  events = [];
});

afterEach(() => {
  engine.destroy();
  vi.useRealTimers();
});

describe('LiveEngine', () => {
  it('starts from a multivariant playlist the page fetched: its first request is the media playlist', async () => {
    start({ multivariant: origin.multivariant() });
    await settle();
    expect(origin.requests[0]).toBe('360p/media.m3u8');
    expect(origin.requests).not.toContain('master.m3u8');
    expect(of('sourceInfo')[0]!.qualities.map((q) => q.name)).toEqual(['360p', '720p']);
    expect(of('seek')).toHaveLength(1);
  });

  it('starts from the page’s copy of the chosen variant’s media playlist: its first requests are the start’s pieces', async () => {
    const copy = (name: string) => ({
      url: `https://origin.test/hls/ch/${name}/media.m3u8`,
      text: origin.mediaPlaylist(name),
      writtenAtMs: Date.now() - 100,
    });
    start({ multivariant: origin.multivariant(), media: [copy('360p'), copy('720p')] });
    await settle();
    // No plain request for the playlist: the init segment and the parts, and the blocking
    // reload for the part after the copy's newest.
    expect(origin.requests.filter((r) => r === '360p/media.m3u8')).toEqual([]);
    expect(origin.requests[0]).toMatch(/^360p\/(init\.mp4|media\.m3u8\?_HLS_msn=)/);
    expect(origin.requests).toContain('360p/init.mp4');
    expect(of('seek')).toHaveLength(1);
  });

  it('asks for the media playlist itself when the page’s copy is too old to start from', async () => {
    const stale = {
      url: 'https://origin.test/hls/ch/360p/media.m3u8',
      text: origin.mediaPlaylist('360p'),
      writtenAtMs: Date.now() - 5000,
    };
    start({ multivariant: origin.multivariant(), media: [stale] });
    await settle();
    expect(origin.requests[0]).toBe('360p/media.m3u8');
    expect(of('seek')).toHaveLength(1);
  });

  it('asks the origin itself when the multivariant playlist from the page does not parse', async () => {
    start({ multivariant: '<html>not a playlist</html>' });
    await settle();
    expect(origin.requests[0]).toBe('master.m3u8');
    expect(of('error')).toEqual([]);
    expect(of('sourceInfo')[0]!.qualities.map((q) => q.name)).toEqual(['360p', '720p']);
  });

  it('carries the token on every request of the playback origin, the ids on the first playlist request, and a new token from the next request', async () => {
    start({
      url: `${MASTER}?token=from-url`,
      identity: {
        ...anonymousIncluding(),
        authToken: 'first',
        clientId: 'embed-1',
        playerType: 'embed',
        platformName: 'web',
      },
    });
    await settle();
    const firstRequests = origin.requests.length;
    expect(firstRequests).toBeGreaterThan(5);
    const query = (request: string) => new URLSearchParams(request.split('?')[1] ?? '');
    expect(Object.fromEntries(query(origin.requests[0]!))).toEqual({
      token: 'first',
      client_id: 'embed-1',
      player_type: 'embed',
      platform: 'web',
    });
    for (const request of origin.requests.slice(1)) {
      expect(query(request).get('token')).toBe('first');
      expect(query(request).has('client_id')).toBe(false);
    }
    expect(origin.credentials.every((mode) => mode === 'include')).toBe(true);
    expect(of('error')).toEqual([]);

    engine.setIdentity({ ...anonymousIncluding(), authToken: 'refreshed' });
    origin.publish(3);
    await settle();
    const later = origin.requests.slice(firstRequests);
    expect(later.length).toBeGreaterThan(0);
    for (const request of later) expect(query(request).get('token')).toBe('refreshed');
  });

  it('starts on the independent part before the low-latency target and says where to seek', async () => {
    start();
    await settle();
    expect(of('sourceInfo')[0]!.qualities.map((q) => q.name)).toEqual(['360p', '720p']);
    // 640 × 360 device pixels: 360p fills it.
    // The start's listed parts, from the independent one on, are asked for together, with the
    // init segment (start-prefetch.ts), each once; the hinted part after them is the loop's.
    const media = origin.requests.filter((r) => !r.includes('?'));
    expect(media.slice(0, 2)).toEqual(['master.m3u8', '360p/media.m3u8']);
    const startParts = ['4.0', '4.1', '4.2', '4.3', '5.0', '5.1'].map((p) => `360p/part-${p}.m4s`);
    expect([...media.slice(2, 9)].sort()).toEqual(['360p/init.mp4', ...startParts].sort());
    expect(media.slice(9)).toEqual(['360p/part-5.2.m4s']);
    // Edge at 5.5 s; target 3 parts (0.75 s) behind = 4.75 s → part 4.0 (4 s) + 0.75 s.
    expect(of('seek')).toEqual([{ type: 'seek', position: EPOCH_S + 4.75 }]);
    expect(of('qualityChanged')[0]!.quality.name).toBe('360p');
    const timeline = of('timeline').at(-1)!.timeline;
    expect(timeline).toMatchObject({ live: true, partTarget: PART_S, partHoldBack: 0.75, edgeTime: EPOCH_S + 5.5 });
    expect(timeline.dateOffset).toBe(0); // program-date-time equals media time on this origin
  });

  it('sets the live window as seekable before the start seek, and moves it with the edge', async () => {
    const windowsAtSeek: number[] = [];
    start({ onEvent: (event) => event.type === 'seek' && windowsAtSeek.push(target.seekable.length) });
    await settle();
    // Only part 4.0 is buffered when the seek to 4.75 s is asked: the window (the listed
    // segments 2–5, up to the edge at 5.5 s) was set before it, so the element does not cut
    // the seek back to the buffered end.
    expect(windowsAtSeek).toEqual([1]);
    expect(target.seekable[0]).toEqual([EPOCH_S + 2, EPOCH_S + 5.5]);
    origin.publish(1);
    await vi.advanceTimersByTimeAsync(PART_S * 1000);
    expect(target.seekable.at(-1)).toEqual([EPOCH_S + 2, EPOCH_S + 5.75]);
  });

  it('asks for every listed part of the start at once, while its init segment waits for the MediaSource', async () => {
    const open = closeMediaSource();
    start();
    await settle();
    // The page has not put the MediaSource on an element yet: nothing appended, yet the init
    // segment and then the start's first four listed parts from the independent 4.0 are asked
    // for together (one round trip, not five); 5.0 and 5.1 follow in turn, and the hinted 5.2.
    expect(target.appended).toHaveLength(0);
    const media = origin.requests.filter((r) => !r.includes('?')).slice(2);
    expect(media).toEqual(['360p/init.mp4', ...['4.0', '4.1', '4.2', '4.3'].map((p) => `360p/part-${p}.m4s`)]);
    open();
    await settle();
    const listed = ['4.0', '4.1', '4.2', '4.3', '5.0', '5.1'].map((p) => `360p/part-${p}.m4s`);
    expect(target.appended).toHaveLength(1 + listed.length);
    for (const part of listed) expect(origin.requests.filter((r) => r === part)).toHaveLength(1);
    expect(origin.requests).toContain('360p/part-5.2.m4s');
  });

  it('seeks its distance behind the newest playlist’s edge, which moved on while the start loaded', async () => {
    const open = closeMediaSource();
    start();
    await settle();
    origin.publish(2); // the edge moves from 5.5 s to 6.0 s before anything could be appended
    await settle();
    open();
    await settle();
    // 0.75 s behind 6.0 s, not behind the 5.5 s of the playlist the start was chosen from.
    expect(of('seek')).toEqual([{ type: 'seek', position: EPOCH_S + 5.25 }]);
  });

  it('counts the newest playlist’s age in the start distance, up to one part', async () => {
    for (const [waitMs, position] of [
      [100, EPOCH_S + 4.85], // 0.75 s behind an edge that is 0.1 s further on by now
      [5_000, EPOCH_S + 5.0], // an old playlist is no clock: at most one part (0.25 s)
    ] as const) {
      target = new RecordingTarget();
      events = [];
      const open = closeMediaSource();
      start();
      await settle();
      await vi.advanceTimersByTimeAsync(waitMs);
      open();
      await settle();
      expect(of('seek').map((e) => e.position)).toEqual([position]);
      engine.destroy();
    }
  });

  it('requests the preload-hinted part and a blocking reload for it, answered the moment it is published', async () => {
    start();
    await settle();
    // Every listed part is loaded; the hint (5.2) and the reload waiting for it are in flight.
    expect(origin.requests).toContain('360p/part-5.1.m4s');
    expect(origin.requests).toContain('360p/part-5.2.m4s');
    expect(origin.requests).toContain('360p/media.m3u8?_HLS_msn=5&_HLS_part=2');
    const appended = target.appended.length;
    origin.publish();
    await settle();
    expect(target.appended.length).toBe(appended + 1);
    expect(origin.requests).toContain('360p/part-5.3.m4s');
    expect(origin.requests).toContain('360p/media.m3u8?_HLS_msn=5&_HLS_part=3');
    expect(origin.requests.filter((r) => r === '360p/part-5.2.m4s')).toHaveLength(1);
  });

  it('moves to the viewer’s quality at the next independent part, with its init segment', async () => {
    start();
    await settle();
    engine.setQuality({ name: '720p', bitrate: 2_200_000 });
    origin.publish(2); // completes segment 5: part 6.0 is the next independent one
    await settle();
    origin.publish(1);
    await settle();
    expect(origin.requests).toContain('720p/init.mp4');
    expect(origin.requests).toContain('720p/part-6.0.m4s');
    expect(origin.requests).not.toContain('720p/part-5.3.m4s');
    expect(of('qualityChanged').map((e) => e.quality.name)).toEqual(['360p', '720p']);
    // The 360p playlist reported 720p's newest part (5.3): the switch's first request blocks
    // for it, which the origin has, and no plain request is made (a fast switch).
    const playlists = origin.requests.filter((r) => r.startsWith('720p/media.m3u8'));
    expect(playlists[0]).toBe('720p/media.m3u8?_HLS_msn=5&_HLS_part=3');
  });

  it('moves up inside the buffer: from the segment that begins ahead of the position, held until it reaches the buffered end', async () => {
    // 720p's part 5.2, the one that reaches the buffered end, waits until released.
    const plain = origin.fetch;
    let release = () => {};
    origin.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('720p/part-5.2.m4s')) return plain(input, init);
      return plain(input, init).then(
        (response) => new Promise<Response>((resolve) => (release = () => resolve(response))),
      );
    }) as typeof origin.fetch;
    start();
    await settle();
    // 360p is buffered to part 5.2's end; the element plays 0.5 s before segment 5 begins.
    target.ranges = [{ start: EPOCH_S + 4, end: EPOCH_S + 5 + 3 * PART_S }];
    engine.setPosition(EPOCH_S + 4.5, 1);
    engine.setQuality({ name: '720p', bitrate: 2_200_000 });
    const before = target.appended.length;
    origin.publish(1); // part 5.2 arrives; 5.3 is not independent
    await settle();
    // Segment 5 again from its first part, in 720p, not part 6.0 a segment later.
    expect(origin.requests).toEqual(
      expect.arrayContaining(['720p/init.mp4', '720p/part-5.0.m4s', '720p/part-5.1.m4s']),
    );
    expect(origin.requests).not.toContain('360p/part-5.3.m4s');
    // 720p's 5.0 and 5.1 are in, but appending them would cut 360p's 5.1 and 5.2 out of the
    // buffer: they wait for the piece that reaches what was buffered.
    expect(target.appended.length).toBe(before + 2); // 360p's part 5.2 and 720p's init segment
    release();
    await settle();
    expect(of('qualityChanged').map((e) => e.quality.name)).toEqual(['360p', '720p']);
    // Then in one go, in order: 5.0, 5.1, 5.2 after the init.
    const added = target.appended.slice(before + 1); // 360p's 5.2, then 720p's
    const init = added.find((bytes) => new TextDecoder().decode(bytes.subarray(4, 8)) === 'ftyp')!;
    const starts = added
      .filter((bytes) => bytes !== init)
      .map((bytes) => fragmentStartTime(bytes, trackTimescales(init))! - EPOCH_S);
    expect(starts.slice(0, 3).map((t) => Math.round((t - 5) / PART_S))).toEqual([0, 1, 2]);
    expect(of('error')).toEqual([]);
  });

  it('moves up at the next independent part where no segment begins far enough inside the buffer', async () => {
    start();
    await settle();
    // Segment 5 begins 0.1 s after the position: too close to replace what the element has taken.
    target.ranges = [{ start: EPOCH_S + 4, end: EPOCH_S + 5 + 3 * PART_S }];
    engine.setPosition(EPOCH_S + 4.9, 1);
    engine.setQuality({ name: '720p', bitrate: 2_200_000 });
    origin.publish(1);
    await settle();
    expect(origin.requests).not.toContain('720p/part-5.0.m4s');
    expect(origin.requests).toContain('360p/part-5.3.m4s');
  });

  it('retries a failed part and goes on; a playlist 404 is an answer, not retried', async () => {
    origin.faults.push({ match: 'part-4.1', status: 503, times: 2 });
    start();
    await settle();
    await vi.advanceTimersByTimeAsync(250 + 500);
    expect(origin.requests.filter((r) => r === '360p/part-4.1.m4s')).toHaveLength(3);
    expect(of('error')).toEqual([]);
    expect(origin.requests).toContain('360p/part-5.1.m4s');

    engine.destroy();
    events = [];
    origin = new FakeOrigin();
    origin.faults.push({ match: 'media.m3u8', status: 404, times: 1 });
    start();
    await settle();
    expect(of('error').map((e) => e.error)).toEqual([
      {
        type: 'NotAvailable',
        code: 404,
        source: 'playlist',
        message: expect.stringContaining('/hls/ch/360p/media.m3u8'),
        fatal: true,
      },
    ]);
    expect(origin.requests.filter((r) => r.startsWith('360p/media.m3u8'))).toHaveLength(1);
  });

  it('back online, a retry waiting out its back-off goes at once', async () => {
    start();
    await settle();
    const fault = { match: 'part-5.', status: 503, times: 1 };
    origin.faults.push(fault);
    origin.publish(1);
    await settle();
    expect(fault.times).toBe(0); // failed once, the retry waits its back-off
    const asked = origin.requests.length;
    engine.onOnline();
    await settle();
    expect(origin.requests.slice(asked).some((r) => r.includes('part-5.'))).toBe(true);
    expect(of('error')).toEqual([]);
  });

  it('gives up on a part after its retries with the HTTP status as the code', async () => {
    origin.faults.push({ match: 'part-4.0', status: 500, times: 99 });
    start();
    await settle();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(of('error').map((e) => [e.error.type, e.error.code, e.error.source])).toEqual([['Network', 500, 'segment']]);
    const requests = origin.requests.length;
    await vi.advanceTimersByTimeAsync(10_000);
    engine.seekToLive(); // the page's liveMaxLatency check does not revive it either
    await vi.advanceTimersByTimeAsync(10_000);
    expect(origin.requests.length).toBe(requests); // nothing more after a fatal error
  });

  it('jumps back to the edge with seekToLive, leaving the old loads', async () => {
    start();
    await settle();
    origin.publish(8);
    await settle();
    engine.seekToLive();
    await settle();
    // Edge now 7.5 s; 0.75 s behind = 6.75 s → part 6.0 + 0.75.
    expect(of('seek').at(-1)).toEqual({ type: 'seek', position: EPOCH_S + 6.75 });
  });

  it('passes each ID3 tag of the stream on once, at its media time, even when a restart loads a part again', async () => {
    start();
    await settle();
    // Parts 4.0 and 5.0 open their segments and carry their tags.
    expect(of('metadata').flatMap((e) => e.samples.map((s) => [s.pts, s.data.at(-1)]))).toEqual([
      [EPOCH_S + 4, 4],
      [EPOCH_S + 5, 5],
    ]);
    engine.seekToLive(); // starts at 4.0 again (the edge has not moved)
    await settle();
    expect(origin.requests.filter((r) => r === '360p/part-4.0.m4s')).toHaveLength(2);
    expect(of('metadata').flatMap((e) => e.samples)).toHaveLength(2);
  });

  it('stops quietly when an append is refused (the element reports the decode error), reports a refused type', async () => {
    target.refuseMedia = new MediaTargetError(3, 'appendBuffer failed');
    start();
    await settle();
    const requests = origin.requests.length;
    origin.publish(4);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(of('mediaError')).toEqual([]);
    expect(origin.requests.length).toBe(requests); // nothing more is loaded

    engine.destroy();
    events = [];
    target = new RecordingTarget();
    target.refuseConfigure = new MediaTargetError(4, 'addSourceBuffer refused');
    start();
    await settle();
    expect(of('mediaError')).toEqual([{ type: 'mediaError', code: 4, message: 'addSourceBuffer refused' }]);
  });

  it('declines a source with alternate video renditions, and MPEG-TS segments, for another sink to play', async () => {
    const master = origin.multivariant();
    const original = origin.fetch;
    const fetchWith = (body: string) => (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('master.m3u8') ? Promise.resolve(new Response(body)) : original(input, init);
    origin.fetch = fetchWith(
      master.replace(
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="v",NAME="wide",URI="wide.m3u8"',
      ),
    ) as typeof origin.fetch;
    start();
    await settle();
    expect(of('declined')).toEqual([{ type: 'declined', reason: 'alternate video renditions' }]);
    expect(origin.requests).toEqual([]); // declined before any media playlist

    engine.destroy();
    events = [];
    origin = new FakeOrigin();
    origin.publish(22);
    const plain = origin.fetch;
    origin.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      plain(input, init).then(async (response) =>
        String(input).includes('media.m3u8')
          ? new Response((await response.text()).replace(/#EXT-X-MAP:.*\n/, ''))
          : response,
      )) as typeof origin.fetch;
    start();
    await settle();
    expect(of('declined')).toEqual([{ type: 'declined', reason: 'MPEG-TS segments' }]);
  });

  it('plays an alternate audio rendition from its own playlist, into its own SourceBuffer created first', async () => {
    origin.audioLanguages = ['en', 'fr'];
    start();
    await settle();
    // The audio SourceBuffer before the video's: a MediaSource takes none after the first append.
    expect(target.operations.slice(0, 2)).toEqual([
      'audio:audio/mp4; codecs="mp4a.40.2"',
      'main:video/mp4; codecs="avc1.64001f"',
    ]);
    expect(of('declined')).toEqual([]);
    // The DEFAULT=YES rendition's playlist, never the other's.
    expect(origin.requests.some((r) => r.startsWith('audio-en/media.m3u8'))).toBe(true);
    expect(origin.requests.some((r) => r.startsWith('audio-fr/'))).toBe(false);
    // From one segment before the video's start (segment 4 → 3; its parts are listed), init first.
    const audio = origin.requests.filter((r) => r.startsWith('audio-en/') && !r.includes('media.m3u8'));
    expect(audio.slice(0, 2)).toEqual(['audio-en/init.mp4', 'audio-en/part-3.0.m4s']);
    expect(target.operations.filter((o) => o.startsWith('audio:')).slice(1, 3)).toEqual(['audio:init', 'audio:media']);
    // More audio follows as it is published.
    const before = target.operations.filter((o) => o === 'audio:media').length;
    origin.publish(5);
    await settle();
    expect(target.operations.filter((o) => o === 'audio:media').length).toBeGreaterThan(before);
    expect(target.operations.filter((o) => o === 'main:media').length).toBeGreaterThan(0);
  });

  it('lists the audio tracks and switches to another: its playlist, the buffer cleared, a restart at the edge', async () => {
    origin.audioLanguages = ['en', 'fr'];
    start();
    await settle();
    expect(of('audioTracks')).toEqual([
      {
        type: 'audioTracks',
        tracks: [
          { id: 'en', name: 'en', language: 'en', default: true },
          { id: 'fr', name: 'fr', language: 'fr', default: false },
        ],
        selected: 'en',
      },
    ]);
    const seeks = of('seek').length;
    engine.setAudioTrack('fr');
    await settle();
    expect(of('audioTracks').at(-1)!.selected).toBe('fr');
    expect(target.removed.at(-1)).toEqual([0, Number.POSITIVE_INFINITY]);
    const french = origin.requests.filter((r) => r.startsWith('audio-fr/') && !r.includes('media.m3u8'));
    expect(french[0]).toBe('audio-fr/init.mp4');
    expect(french.length).toBeGreaterThan(1);
    expect(of('seek').length).toBe(seeks + 1);
    // An unknown track, or the one playing, changes nothing.
    const requests = origin.requests.length;
    engine.setAudioTrack('de');
    engine.setAudioTrack('fr');
    await settle();
    expect(origin.requests.length).toBe(requests);
  });

  it('plays a stream with subtitles; loads them only while a track is shown, around the position, each once', async () => {
    origin.subtitleLanguages = ['en', 'fr'];
    start();
    await settle();
    expect(of('declined')).toEqual([]);
    expect(of('textTracks')).toEqual([
      {
        type: 'textTracks',
        tracks: [
          { id: 'en', name: 'en', language: 'en', kind: 'subtitles', default: true },
          { id: 'fr', name: 'fr', language: 'fr', kind: 'subtitles', default: false },
        ],
        // DEFAULT=YES turns nothing on: the page does.
        selected: null,
      },
    ]);
    engine.setPosition(EPOCH_S + 4.75);
    await vi.advanceTimersByTimeAsync(2000);
    const subtitleRequests = () => origin.requests.filter((r) => r.startsWith('subs-'));
    expect(subtitleRequests()).toEqual([]);

    engine.setTextTrack('en');
    await vi.advanceTimersByTimeAsync(100);
    expect(of('textTracks').at(-1)!.selected).toBe('en');
    // The segment playing first, then those behind (the window is 2–4 here, all within reach).
    expect(subtitleRequests()).toEqual([
      'subs-en/media.m3u8',
      'subs-en/seg-4.vtt',
      'subs-en/seg-2.vtt',
      'subs-en/seg-3.vtt',
    ]);
    const cues = () => of('captions').flatMap((e) => e.cues.map((cue) => ({ ...cue, track: e.track })));
    // On the element's timeline: X-TIMESTAMP-MAP's 33-bit MPEG-2 time, unwrapped to where the segment plays.
    expect(cues()[0]!.track).toBe('en');
    expect(cues()[0]!.text).toBe('subs-en 4');
    expect(cues()[0]!.startTime).toBeCloseTo(EPOCH_S + 4, 3);
    expect(cues()[0]!.endTime).toBeCloseTo(EPOCH_S + 4.5, 3);

    // Live: the playlist again each target duration; a new segment once, nothing twice.
    origin.publish(4);
    engine.setPosition(EPOCH_S + 5.5);
    await vi.advanceTimersByTimeAsync(1100);
    expect(subtitleRequests().filter((r) => r.endsWith('.vtt'))).toEqual([
      'subs-en/seg-4.vtt',
      'subs-en/seg-2.vtt',
      'subs-en/seg-3.vtt',
      'subs-en/seg-5.vtt',
    ]);

    // Another track: its own playlist; none: nothing more is asked for.
    engine.setTextTrack('fr');
    await vi.advanceTimersByTimeAsync(100);
    expect(subtitleRequests().filter((r) => r.startsWith('subs-fr/'))[0]).toBe('subs-fr/media.m3u8');
    expect(of('captions').at(-1)!.track).toBe('fr');
    engine.setTextTrack(null);
    const asked = subtitleRequests().length;
    origin.publish(8);
    await vi.advanceTimersByTimeAsync(3000);
    expect(subtitleRequests().length).toBe(asked);
    expect(of('textTracks').at(-1)!.selected).toBeNull();
  });

  it('loads the subtitle loop’s code only once a subtitle track is shown; without it, plays on with a warning', async () => {
    origin.subtitleLanguages = ['en'];
    const loadSubtitles = vi.fn(() => Promise.reject(new Error('the script did not load')));
    start({ loadSubtitles });
    await settle();
    engine.setPosition(EPOCH_S + 4.75);
    await vi.advanceTimersByTimeAsync(1000);
    expect(loadSubtitles).not.toHaveBeenCalled();
    engine.setTextTrack('en');
    await vi.advanceTimersByTimeAsync(1000);
    expect(loadSubtitles).toHaveBeenCalledTimes(1);
    expect(of('warning')).toEqual([{ type: 'warning', message: 'subtitles cannot be shown here' }]);
    expect(origin.requests.filter((r) => r.startsWith('subs-'))).toEqual([]);
    expect(of('error')).toEqual([]);
    expect(target.appended.length).toBeGreaterThan(1);
  });

  it('passes a subtitle segment that fails by with a warning, and plays on', async () => {
    origin.subtitleLanguages = ['en'];
    origin.faults.push({ match: 'seg-4.vtt', status: 404, times: 1 });
    start();
    engine.setTextTrack('en');
    await settle();
    engine.setPosition(EPOCH_S + 4.75);
    await vi.advanceTimersByTimeAsync(1000);
    expect(of('warning')).toEqual([{ type: 'warning', message: 'a subtitle segment was skipped: HTTP 404' }]);
    expect(of('error')).toEqual([]);
    expect(of('captions').map((e) => e.cues[0]!.text)).toEqual(['subs-en 2', 'subs-en 3']);
  });

  it('plays muxed audio as before where the variant names no audio group', async () => {
    start();
    await settle();
    expect(target.operations[0]).toBe('main:video/mp4; codecs="avc1.64001f,mp4a.40.2"');
    expect(target.operations.some((o) => o.startsWith('audio:'))).toBe(false);
    expect(of('audioTracks')).toEqual([]);
  });

  it('remuxes segments without EXT-X-MAP (MPEG-TS) when it can load a remuxer: one init, the media appended', async () => {
    const plain = origin.fetch;
    origin.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      plain(input, init).then(async (response) =>
        String(input).includes('media.m3u8')
          ? new Response((await response.text()).replace(/#EXT-X-MAP:.*\n/, ''))
          : response,
      )) as typeof origin.fetch;
    const remuxed: Uint8Array[] = [];
    let loads = 0;
    let resets = 0;
    const remuxer = {
      remux: (bytes: Uint8Array) => {
        remuxed.push(bytes);
        const at = remuxed.length;
        const captions = [{ startTime: at, endTime: at + 2, text: `Hello ${at}`, stream: 'CC1' }];
        return { init: initSegment(), media: bytes, captions };
      },
      reset: () => void (resets += 1),
    };
    engine = new LiveEngine(
      {
        fetch: origin.fetch,
        monotonic: () => Date.now(),
        now: () => Date.now(),
        timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as number) },
        target,
        emit: (event) => events.push(event),
        isTypeSupported: () => true,
        loadTsRemuxer: async () => {
          loads += 1;
          return remuxer;
        },
      },
      { lowLatency: false, bandwidthEstimate: null, transcodesOnly: false },
    );
    engine.load(MASTER);
    await settle();
    origin.publish(10);
    await settle();
    expect(of('declined')).toEqual([]);
    expect(loads).toBe(1);
    expect(remuxed.length).toBeGreaterThan(1);
    // One init segment (the remuxer's, named by its bytes), then media only.
    expect(target.operations.filter((o) => o === 'main:init')).toHaveLength(1);
    expect(target.operations.filter((o) => o === 'main:media').length).toBe(remuxed.length);
    // A fresh timeline for the first piece only: the next ones follow on.
    expect(resets).toBe(1);
    // The captions in the video's SEI are a text track, announced once; off until the page turns it on.
    expect(of('textTracks')).toEqual([
      {
        type: 'textTracks',
        tracks: [{ id: 'cc1', name: 'CC1', language: '', kind: 'captions', default: false }],
        selected: null,
      },
    ]);
    expect(of('captions')).toEqual([]);
    engine.setTextTrack('cc1');
    expect(of('textTracks').at(-1)!.selected).toBe('cc1');
    const seen = remuxed.length;
    origin.publish(8);
    await settle();
    // Then they go to the page as text cues of that track.
    expect(of('captions')[0]).toEqual({
      type: 'captions',
      track: 'cc1',
      cues: [{ startTime: seen + 1, endTime: seen + 3, text: `Hello ${seen + 1}` }],
    });
    expect(of('seek')).toHaveLength(1);
  });

  it('declines MPEG-TS segments when the remuxer cannot be loaded', async () => {
    const plain = origin.fetch;
    origin.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      plain(input, init).then(async (response) =>
        String(input).includes('media.m3u8')
          ? new Response((await response.text()).replace(/#EXT-X-MAP:.*\n/, ''))
          : response,
      )) as typeof origin.fetch;
    engine = new LiveEngine(
      {
        fetch: origin.fetch,
        monotonic: () => Date.now(),
        now: () => Date.now(),
        timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as number) },
        target,
        emit: (event) => events.push(event),
        isTypeSupported: () => true,
        loadTsRemuxer: () => Promise.reject(new Error('no script')),
      },
      { lowLatency: false, bandwidthEstimate: null, transcodesOnly: false },
    );
    engine.load(MASTER);
    await settle();
    expect(of('declined')).toEqual([{ type: 'declined', reason: 'MPEG-TS segments' }]);
  });

  it('declines a playlist encrypted with a method it cannot decrypt, and passes over a gap', async () => {
    const plain = origin.fetch;
    let edit = (text: string) => text.replace('#EXT-X-MAP', '#EXT-X-KEY:METHOD=SAMPLE-AES,URI="k.key"\n#EXT-X-MAP');
    origin.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      plain(input, init).then(async (response) =>
        String(input).includes('media.m3u8') ? new Response(edit(await response.text())) : response,
      )) as typeof origin.fetch;
    start({ lowLatency: false });
    await settle();
    expect(of('declined')).toEqual([{ type: 'declined', reason: 'encryption SAMPLE-AES identity' }]);

    engine.destroy();
    events = [];
    // Segment 3 is a gap (an encoder outage): nothing is asked for it, and loading goes on.
    edit = (text) => text.replace('#EXTINF:1.0,\nseg-3.m4s', '#EXT-X-GAP\n#EXTINF:1.0,\nseg-3.m4s');
    const before = origin.requests.length;
    start({ lowLatency: false });
    await settle();
    const asked = origin.requests.slice(before);
    expect(asked.some((r) => r.includes('seg-3'))).toBe(false);
    expect(asked.some((r) => r.includes('seg-4'))).toBe(true);
    expect(of('error')).toEqual([]);

    // Playback that reaches the gap's start is moved past it (1 s segments), once, and only
    // while playing: the buffer's hole is for good (declared-gap.ts).
    const reference = engine.timeline.reference()!;
    const gapStart = reference.start + (3 - reference.msn);
    const seeks = () => of('seek').filter((e) => e.position > gapStart);
    engine.setPosition(gapStart - 0.02, 0);
    expect(seeks()).toEqual([]);
    engine.setPosition(gapStart - 0.5, 1);
    expect(seeks()).toEqual([]);
    engine.setPosition(gapStart - 0.02, 1);
    engine.setPosition(gapStart - 0.01, 1);
    expect(seeks()).toEqual([{ type: 'seek', position: expect.closeTo(gapStart + 1.01, 6) }]);
  });

  /** The origin's media playlists as `edit` leaves them (a VOD, a discontinuity…). */
  function editPlaylists(edit: (text: string) => string, pieces?: (url: string) => Response | null): void {
    const plain = origin.fetch;
    origin.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const own = pieces?.(String(input));
      if (own) return Promise.resolve(own);
      return plain(input, init).then(async (response) =>
        String(input).includes('media.m3u8') ? new Response(edit(await response.text())) : response,
      );
    }) as typeof origin.fetch;
  }
  const asVod = (text: string) =>
    `${text.replace('#EXT-X-TARGETDURATION', '#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-TARGETDURATION')}#EXT-X-ENDLIST\n`;

  it('plays a VOD from its first segment to its end, then ends the stream', async () => {
    editPlaylists(asVod);
    // Low latency on: a live window would start near its edge (segment 4); a VOD at its start.
    start({ lowLatency: true });
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    const media = origin.requests.filter((r) => r.includes('seg-'));
    expect(media[0]).toBe('360p/seg-2.m4s');
    expect(of('seek')).toEqual([{ type: 'seek', position: EPOCH_S + 2 }]);
    expect(target.operations.at(-1)).toBe('endOfStream');
    // Its whole length, with an end: the MediaSource's duration (not a live window).
    expect(target.seekable[0]).toEqual([EPOCH_S + 2, EPOCH_S + 5.5, true]);
  });

  it('starts a VOD at its first frame however old its playlist is: the age counts for a live window only', async () => {
    // A VOD a static server dates (Last-Modified, whole seconds): it arrives 0.2 s old, within
    // the most a playlist's age counts for (its part target), so a live window would start later.
    vi.setSystemTime(Math.floor(Date.now() / 1000) * 1000 + 1700);
    const modified = new Date(Date.now()).toUTCString();
    const plain = origin.fetch;
    origin.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      plain(input, init).then(async (response) =>
        String(input).includes('media.m3u8')
          ? new Response(asVod(await response.text()), {
              headers: { 'last-modified': modified },
            })
          : response,
      )) as typeof origin.fetch;
    start({ lowLatency: true });
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    expect(of('seek')).toEqual([{ type: 'seek', position: EPOCH_S + 2 }]);
  });

  it('loads from the segment a seek lands on where nothing is buffered, with no start seek of its own', async () => {
    editPlaylists(asVod);
    start({ lowLatency: false });
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    const before = origin.requests.length;
    engine.seekTo(EPOCH_S + 3.5);
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    const media = origin.requests.slice(before).filter((r) => r.includes('seg-'));
    expect(media).toEqual(['360p/seg-3.m4s', '360p/seg-4.m4s']);
    expect(of('seek')).toHaveLength(1);
    // Outside the window: nothing happens.
    const after = origin.requests.length;
    engine.seekTo(EPOCH_S + 60);
    await settle();
    expect(origin.requests.length).toBe(after);
  });

  it('follows the last of quick seeks, each made before the one before it loaded anything', async () => {
    // A viewer pressing ← on the seek bar: the element moves at once, the engine restarts for
    // each. The element's timeline is the same across those restarts, so a seek is placed
    // before the last one appended anything (it was ignored, and the viewer's picture sat
    // where nothing would load until the buffering watchdog took it back to the edge).
    editPlaylists(asVod);
    start({ lowLatency: false });
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    const before = origin.requests.length;
    engine.seekTo(EPOCH_S + 4.5);
    engine.seekTo(EPOCH_S + 3.5);
    engine.seekTo(EPOCH_S + 2.5);
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    const media = origin.requests.slice(before).filter((r) => r.includes('seg-'));
    // Each seek's start asks for its pieces at once; the last one's are what loads on.
    const last = media.indexOf('360p/seg-2.m4s');
    expect(last).toBeGreaterThan(0);
    expect(media.slice(last)).toEqual(['360p/seg-2.m4s', '360p/seg-3.m4s', '360p/seg-4.m4s']);
    // Where the viewer put it: no start seek of the engine's own.
    expect(of('seek')).toHaveLength(1);
  });

  it('continues a discontinuity’s new timeline where the last piece ended (timestampOffset)', async () => {
    // An encoder restart before segment 4: its timestamps start at 0 again.
    editPlaylists(
      (text) => asVod(text).replace('#EXTINF:1.0,\nseg-4.m4s', '#EXT-X-DISCONTINUITY\n#EXTINF:1.0,\nseg-4.m4s'),
      (url) => (url.endsWith('/seg-4.m4s') ? new Response(fragment(0) as BodyInit) : null),
    );
    start({ lowLatency: false });
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    // Segment 3 ended at EPOCH_S + 4: the restart's 0 goes there.
    expect(target.operations).toContain(`main:offset ${EPOCH_S + 4}`);
    const offsetAt = target.operations.indexOf(`main:offset ${EPOCH_S + 4}`);
    expect(target.operations.slice(offsetAt + 1)).toEqual(['main:media', 'endOfStream']);
  });

  it('frees the back buffer and loads the same piece again when the SourceBuffer is full', async () => {
    start();
    await settle();
    target.ranges = [{ start: EPOCH_S, end: EPOCH_S + 6 }];
    engine.setPosition(EPOCH_S + 5);
    target.refuseMedia = new MediaTargetError(3, 'QuotaExceededError', true);
    origin.publish();
    await settle();
    const refused = origin.requests.at(-1);
    expect(target.removed).toEqual([[EPOCH_S, EPOCH_S + 4]]); // all but the second before the position
    target.refuseMedia = null;
    await vi.advanceTimersByTimeAsync(QUOTA_RETRY_MS);
    expect(origin.requests.filter((r) => r === '360p/part-5.2.m4s')).toHaveLength(2);
    expect(refused).toBeDefined();
    expect(of('mediaError')).toEqual([]);
    expect(of('error')).toEqual([]);
  });

  it('sets a replaced MediaSource up again and starts it at the live edge, with playlists kept warm', async () => {
    start();
    await settle();
    const playlists = origin.requests.filter((r) => r.startsWith('master')).length;
    engine.resetTarget();
    await settle();
    expect(target.mimes).toHaveLength(2); // the new SourceBuffer's type
    expect(origin.requests.filter((r) => r === '360p/init.mp4')).toHaveLength(2);
    expect(of('seek')).toHaveLength(2);
    expect(origin.requests.filter((r) => r.startsWith('master'))).toHaveLength(playlists);

    // After a fatal error a reset is a new load.
    engine.destroy();
    events = [];
    origin = new FakeOrigin();
    origin.publish(22);
    origin.faults.push({ match: 'part-4.0', status: 500, times: 7 });
    start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(of('error')).toHaveLength(1);
    engine.resetTarget();
    await settle();
    expect(origin.requests.filter((r) => r === 'master.m3u8')).toHaveLength(2);
    expect(of('seek')).toHaveLength(1);
  });

  it('starts again at the edge when a piece it kept asking for has left the live window', async () => {
    // The request for part 4.1 hangs until the window has moved on, then the origin has no
    // such part any more (404): nobody can serve it, and the engine must not fail on it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const plain = origin.fetch;
    origin.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('part-4.1.m4s')
        ? held.then(() => new Response(null, { status: 404 }))
        : plain(input, init)) as typeof origin.fetch;
    start();
    await settle();
    origin.publish(12); // three more segments: segment 4 is well behind the edge
    await settle();
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(of('error')).toEqual([]);
    expect(of('seek')).toHaveLength(2); // the start, then the restart at the edge
    expect(origin.requests.some((r) => /part-8\.\d\.m4s$/.test(r))).toBe(true);
  });

  it('abandons a part arriving slower than it plays and loads its segment again a rendition lower', async () => {
    // 720p's hinted part 5.2 sends its first 1000 bytes, then nothing: the link collapsed.
    const plain = origin.fetch;
    origin.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('720p/part-5.2.m4s')) return plain(input, init);
      return stalledAfter1000Bytes(plain(input, init), init);
    }) as typeof origin.fetch;
    origin.padding = 10_000; // 10 kB in the clock's 4 ms: 20 Mbps, 720p holds
    start({ viewport: [1280, 720], bandwidthEstimate: 20_000_000 });
    await settle();
    expect(of('qualityChanged').map((e) => e.quality.name)).toEqual(['720p']);
    origin.publish(); // part 5.2 exists: its transfer starts, and stalls
    await vi.advanceTimersByTimeAsync(60);
    expect(origin.requests).not.toContain('360p/part-5.0.m4s'); // not yet: too early to judge a rate
    // At 100 ms its rate (1 kB of 10 kB) predicts the rest after the buffer has run dry: long
    // before the part's own time (200 ms) has passed.
    await vi.advanceTimersByTimeAsync(60);
    // Segment 5 again from its independent part, in 360p, with its init segment first.
    const after = origin.requests.slice(origin.requests.indexOf('720p/part-5.2.m4s') + 1);
    expect(after.filter((r) => !r.includes('?'))).toEqual(
      expect.arrayContaining(['360p/init.mp4', '360p/part-5.0.m4s', '360p/part-5.1.m4s', '360p/part-5.2.m4s']),
    );
    expect(of('qualityChanged').map((e) => e.quality.name)).toEqual(['720p', '360p']);
    // The estimate started again from the abandoned transfer (1 kB in 100 ms); the lower parts
    // then came in at this origin's 20 Mbps, and two of them are a recovery (abr.ts).
    expect(engine.bandwidthEstimate()).toBeGreaterThan(5_000_000);
    expect(of('error')).toEqual([]);
  });

  it('steps down to the abandoned part itself where the lower rendition has a keyframe in every part', async () => {
    // As above, but 360p lists every part INDEPENDENT: only what the buffer lacks is loaded.
    const plain = origin.fetch;
    origin.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('720p/part-5.2.m4s')) return plain(input, init);
      return stalledAfter1000Bytes(plain(input, init), init);
    }) as typeof origin.fetch;
    origin.padding = 10_000;
    origin.independentParts = ['360p'];
    start({ viewport: [1280, 720], bandwidthEstimate: 20_000_000 });
    await settle();
    // 720p is buffered up to part 5.2, 0.25 s ahead of the element.
    target.ranges = [{ start: EPOCH_S + 4, end: EPOCH_S + 5 + 2 * PART_S }];
    engine.setPosition(EPOCH_S + 5.25);
    origin.publish(); // part 5.2 exists: its transfer starts, and stalls
    await vi.advanceTimersByTimeAsync(120);
    const after = origin.requests.slice(origin.requests.indexOf('720p/part-5.2.m4s') + 1);
    const media = after.filter((r) => !r.includes('?') && r.startsWith('360p/') && !r.endsWith('.m3u8'));
    expect(media.slice(0, 2)).toEqual(['360p/init.mp4', '360p/part-5.2.m4s']);
    expect(media).not.toContain('360p/part-5.0.m4s');
    expect(media).not.toContain('360p/part-5.1.m4s');
    expect(of('qualityChanged').map((e) => e.quality.name)).toEqual(['720p', '360p']);
    // On a 0.25 s buffer the page plays slower until the buffer holds STARVING_UNTIL_S again.
    expect(of('starving').map((e) => e.starving)).toEqual([true]);
    target.ranges = [{ start: EPOCH_S + 4, end: EPOCH_S + 5 + 3 * PART_S }]; // 360p's 5.2 is in
    origin.publish();
    await vi.advanceTimersByTimeAsync(60); // 5.3 arrives: 0.5 s ahead
    expect(of('starving').map((e) => e.starving)).toEqual([true, false]);
    expect(of('error')).toEqual([]);
  });

  it('keeps the rate when a step down has buffer enough to wait for its lower rendition', async () => {
    const plain = origin.fetch;
    origin.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('720p/part-5.2.m4s')) return plain(input, init);
      return stalledAfter1000Bytes(plain(input, init), init);
    }) as typeof origin.fetch;
    origin.padding = 10_000;
    start({ viewport: [1280, 720], bandwidthEstimate: 20_000_000 });
    await settle();
    target.ranges = [{ start: EPOCH_S + 4, end: EPOCH_S + 5 + 2 * PART_S }];
    engine.setPosition(EPOCH_S + 4.9); // 0.6 s ahead
    origin.publish();
    await vi.advanceTimersByTimeAsync(120);
    expect(of('qualityChanged').map((e) => e.quality.name)).toEqual(['720p', '360p']);
    expect(of('starving')).toEqual([]);
  });

  it('lets a hinted part streamed at its pace without a length finish: no size, no prediction', async () => {
    // From its rendition's bitrate alone, 720p's hinted part 5.2 would look slower than it
    // plays at 100 ms; an origin streaming a part as it is encoded sends it at that pace.
    const plain = origin.fetch;
    origin.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('720p/part-5.2.m4s')) return plain(input, init);
      return streamedAtItsPace(plain(input, init));
    }) as typeof origin.fetch;
    origin.padding = 10_000;
    start({ viewport: [1280, 720], bandwidthEstimate: 20_000_000 });
    await settle();
    // The element is at the buffered end: nothing ahead, the tightest case for the rule.
    target.ranges = [{ start: EPOCH_S + 4, end: EPOCH_S + 5 + 2 * PART_S }];
    engine.setPosition(EPOCH_S + 5 + 2 * PART_S);
    origin.publish();
    await vi.advanceTimersByTimeAsync(300);
    expect(origin.requests.filter((r) => r.startsWith('360p/'))).toEqual([]);
    expect(of('qualityChanged').map((e) => e.quality.name)).toEqual(['720p']);
    expect(of('error')).toEqual([]);
  });

  it('holds the lower parts of a step down until they reach the buffered end, then appends them in order', async () => {
    // 720p's hinted part 5.2 stalls after 1000 bytes; 360p's part 5.1 waits until released.
    const plain = origin.fetch;
    let release = () => {};
    origin.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('360p/part-5.1.m4s'))
        return plain(input, init).then(
          (response) => new Promise<Response>((resolve) => (release = () => resolve(response))),
        );
      if (!url.endsWith('720p/part-5.2.m4s')) return plain(input, init);
      return stalledAfter1000Bytes(plain(input, init), init);
    }) as typeof origin.fetch;
    origin.padding = 10_000;
    start({ viewport: [1280, 720], bandwidthEstimate: 20_000_000 });
    await settle();
    // 720p is buffered up to part 5.2; the element plays two parts before its end.
    engine.setPosition(EPOCH_S + 5.0);
    target.ranges = [{ start: EPOCH_S + 4, end: EPOCH_S + 5 + 2 * PART_S }];
    const before = target.appended.length;
    const mediaStarts = () => {
      const added = target.appended.slice(before);
      const init = added.find((bytes) => new TextDecoder().decode(bytes.subarray(4, 8)) === 'ftyp');
      const timescales = init ? trackTimescales(init) : new Map<number, number>();
      return added.filter((bytes) => bytes !== init).map((bytes) => fragmentStartTime(bytes, timescales)! - EPOCH_S);
    };
    origin.publish(); // part 5.2 exists: its transfer starts, and stalls
    await vi.advanceTimersByTimeAsync(300); // abandoned at 250 ms
    expect(origin.requests).toEqual(expect.arrayContaining(['360p/part-5.0.m4s', '360p/part-5.1.m4s']));
    // Part 5.0 is in, but appending it would cut 720p's 5.0 and 5.1 out of the buffer: it waits.
    expect(target.appended.length).toBe(before + 1); // the 360p init segment only
    expect(mediaStarts()).toEqual([]);
    release();
    await settle();
    const starts = mediaStarts();
    expect(starts[0]).toBeCloseTo(5.0);
    expect(starts[1]).toBeCloseTo(5 + PART_S);
    expect(of('error')).toEqual([]);
  });

  it('lets a slow part finish when the buffer ahead can wait for it, or nothing lower exists', async () => {
    const plain = origin.fetch;
    let release = () => {};
    origin.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('360p/part-5.2.m4s')) return plain(input, init);
      return plain(input, init).then(async (response) => {
        const bytes = new Uint8Array(await response.arrayBuffer());
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes.slice(0, 10));
            release = () => {
              controller.enqueue(bytes.slice(10));
              controller.close();
            };
          },
        });
        return new Response(body);
      });
    }) as typeof origin.fetch;
    start(); // 640 × 360: 360p, the lowest rendition
    await settle();
    origin.publish();
    await vi.advanceTimersByTimeAsync(2_000);
    release();
    await settle();
    expect(origin.requests.filter((r) => r.includes('part-5.2'))).toEqual(['360p/part-5.2.m4s']);
    expect(of('qualityChanged').map((e) => e.quality.name)).toEqual(['360p']);
  });

  it('loads whole segments only, and reloads per segment, without low latency', async () => {
    start({ lowLatency: false });
    await settle();
    const media = origin.requests.filter((r) => r.includes('.m4s'));
    expect(media.every((r) => /seg-\d+\.m4s$/.test(r))).toBe(true);
    // HOLD-BACK (3 s) behind the edge of whole segments (5.0 s): segment 2 from its start.
    expect(media[0]).toBe('360p/seg-2.m4s');
    expect(origin.requests).toContain('360p/media.m3u8?_HLS_msn=5');
    expect(origin.requests.some((r) => r.includes('_HLS_part'))).toBe(false);
  });

  it('counts the age a classic playlist already had on arrival (its Last-Modified), up to a target duration', async () => {
    vi.setSystemTime(new Date('2026-11-27T12:00:00.900Z'));
    for (const [modified, position] of [
      [null, EPOCH_S + 2.0], // none: HOLD-BACK (3 s) behind the 5.0 s edge, segment 2 from its start
      // Written in the second before now (0.9 s in): taken as 0.5 s in, so 0.4 s old.
      ['Fri, 27 Nov 2026 12:00:00 GMT', EPOCH_S + 2.4],
      ['Fri, 27 Nov 2026 11:59:00 GMT', EPOCH_S + 2.0], // older than a target duration: no clock
      ['Fri, 27 Nov 2026 12:00:05 GMT', EPOCH_S + 2.0], // written "later": the viewer's clock is behind
    ] as const) {
      target = new RecordingTarget();
      events = [];
      const fetch = origin.fetch;
      origin.fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (modified === null || !String(input).includes('media.m3u8')) return response;
        const headers = new Headers(response.headers);
        headers.set('last-modified', modified);
        return new Response(await response.arrayBuffer(), { status: response.status, headers });
      };
      start({ lowLatency: false });
      await settle();
      expect(of('seek').map((e) => e.position)).toEqual([position]);
      engine.destroy();
      origin.fetch = fetch;
    }
  });

  it('never puts a token of the playback URL into an error message', async () => {
    origin.faults.push({ match: 'master.m3u8', status: 403, times: 1 });
    start({ url: `${MASTER}?token=secret-value` });
    await settle();
    const error = of('error')[0]!.error;
    expect(error).toMatchObject({ type: 'Authorization', code: 403 });
    expect(error.message).not.toContain('secret-value');
  });
});
