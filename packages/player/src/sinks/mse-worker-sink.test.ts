import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineCommand, EngineEvent } from '../engine/protocol.ts';
import type { PlayerError } from '../errors.ts';
import type { Quality } from '../quality.ts';
import { fakeEnvironment, FakeVideo, quality } from '../testing/fakes.ts';
import {
  createMseWorkerSink,
  gapJump,
  POSITION_INTERVAL_MS,
  type AdoptEngine,
  type EngineWorker,
} from './mse-worker-sink.ts';
import { DEFAULT_SINK_ADJUSTMENTS, type SinkHost, type TrackConfiguration } from './sink.ts';

/**
 * The page side of the mse-worker sink over a stand-in worker that records commands and
 * replays engine events. The engine itself is unit-tested in engine/live-engine.test.ts and,
 * with a real worker and MediaSource, by the journeys in tests/e2e/worker-engine.spec.ts.
 */
class FakeWorker implements EngineWorker {
  readonly commands: EngineCommand[] = [];
  terminated = false;
  private readonly listeners: ((event: MessageEvent) => void)[] = [];
  addEventListener(type: string, listener: (event: never) => void): void {
    if (type === 'message') this.listeners.push(listener as (event: MessageEvent) => void);
  }
  postMessage(command: EngineCommand): void {
    this.commands.push(command);
  }
  terminate(): void {
    this.terminated = true;
  }
  emit(event: EngineEvent): void {
    for (const listener of this.listeners) listener(new MessageEvent('message', { data: event }));
  }
  sent<C extends EngineCommand['cmd']>(cmd: C) {
    return this.commands.filter((c): c is Extract<EngineCommand, { cmd: C }> => c.cmd === cmd);
  }
}

function setUp(removeQualities: (q: Quality) => boolean = () => false, adopt?: AdoptEngine) {
  const workers: FakeWorker[] = [];
  const video = new FakeVideo();
  const reports = {
    errors: [] as PlayerError[],
    mediaErrors: [] as [number, string][],
    tracks: [] as TrackConfiguration[][],
    qualities: [] as Quality[][],
    progress: 0,
    clock: [] as string[],
    declined: [] as string[],
  };
  const host: SinkHost = {
    video: video.asVideo(),
    lowLatency: true,
    adjustments: DEFAULT_SINK_ADJUSTMENTS,
    onError: (e) => reports.errors.push(e),
    onMediaError: (code, message) => reports.mediaErrors.push([code, message]),
    onQualities: (qualities) => {
      reports.qualities.push(qualities);
      return qualities.filter(removeQualities);
    },
    onQualityChanged() {},
    onSourceInfo() {},
    onTracks: (tracks) => reports.tracks.push(tracks),
    onDiscontinuity() {},
    onTimedCues() {},
    onServerClock: (url) => reports.clock.push(url),
    onProgress: () => (reports.progress += 1),
    onDeclined: (reason) => reports.declined.push(reason),
  };
  const sink = createMseWorkerSink(
    host,
    fakeEnvironment(),
    () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    },
    adopt,
  );
  sink.load('https://origin.test/hls/ch/master.m3u8');
  return { sink, video, reports, workers, worker: () => workers.at(-1)! };
}

const TIMELINE = {
  live: true,
  targetDuration: 1,
  partTarget: 0.2,
  partHoldBack: 1,
  edgeTime: 100,
  dateOffset: 1_700_000_000,
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('mse-worker sink', () => {
  it('adopts an engine the page started ahead of it: no second create or load, its backlog replayed in order', () => {
    const early = new FakeWorker();
    const message = (data: EngineEvent) => new MessageEvent('message', { data });
    const handle = { kind: 'early handle' };
    const adopt = vi.fn<AdoptEngine>(() => ({
      worker: early,
      backlog: [
        message({ type: 'mediaSourceHandle', handle }),
        message({ type: 'sourceInfo', sessionData: {}, startOffset: 0, qualities: [quality(360, 700_000)] }),
      ],
    }));
    const { sink, video, reports, workers } = setUp(() => false, adopt);
    expect(adopt).toHaveBeenCalledWith('https://origin.test/hls/ch/master.m3u8', {
      cmd: 'create',
      lowLatency: true,
      bandwidthEstimate: null,
      transcodesOnly: false,
    });
    expect(workers).toHaveLength(0);
    expect(early.commands.map((c) => c.cmd)).toEqual(['setAutoViewportSize']);
    expect((video as unknown as { srcObject: unknown }).srcObject).toBe(handle);
    expect(reports.qualities).toHaveLength(1);
    // Later events of the adopted worker reach the sink too.
    early.emit({ type: 'declined', reason: 'MPEG-TS' });
    expect(reports.declined).toEqual(['MPEG-TS']);
    // A reload never adopts: a new worker, created and loaded by the sink.
    sink.reload();
    expect(adopt).toHaveBeenCalledTimes(1);
    expect(early.terminated).toBe(true);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.commands.map((c) => c.cmd)).toEqual(['create', 'setAutoViewportSize', 'load']);
  });

  it('creates its own engine when there is none to adopt', () => {
    const adopt = vi.fn<AdoptEngine>(() => null);
    const { workers } = setUp(() => false, adopt);
    expect(adopt).toHaveBeenCalledTimes(1);
    expect(workers[0]!.commands.map((c) => c.cmd)).toEqual(['create', 'setAutoViewportSize', 'load']);
  });

  it('creates the engine and loads, sends the element’s size, and puts the handle on the element', () => {
    const { worker, video } = setUp();
    expect(worker().commands.map((c) => c.cmd)).toEqual(['create', 'setAutoViewportSize', 'load']);
    expect(worker().sent('load')[0]!.path).toBe('https://origin.test/hls/ch/master.m3u8');
    const handle = { kind: 'handle' };
    worker().emit({ type: 'mediaSourceHandle', handle });
    expect((video as unknown as { srcObject: unknown }).srcObject).toBe(handle);
  });

  it('answers the player’s qualities with removeQuality for those it cannot play, and reports the server clock', () => {
    const { worker, reports } = setUp((q) => q.height === 1080);
    const qualities = [quality(360, 700_000), quality(1080, 6_000_000)];
    worker().emit({
      type: 'sourceInfo',
      sessionData: { 'com.onair.server-time': 'https://origin.test/api/time' },
      startOffset: 0,
      qualities,
    });
    expect(reports.qualities).toEqual([qualities]);
    expect(
      worker()
        .sent('removeQuality')
        .map((c) => c.quality.bitrate),
    ).toEqual([6_000_000]);
    expect(reports.clock).toEqual(['https://origin.test/api/time']);
  });

  it('reads latency and program-date-time from the engine’s timeline and the element’s clock', () => {
    const { worker, video, sink } = setUp();
    expect(sink.liveEdgeDistance()).toBeNull();
    worker().emit({ type: 'timeline', timeline: TIMELINE });
    video.currentTime = 99.2;
    expect(sink.liveEdgeDistance()!.seconds).toBeCloseTo(0.8);
    vi.advanceTimersByTime(500); // the edge moves on with time until the next playlist
    expect(sink.liveEdgeDistance()!.seconds).toBeCloseTo(1.3);
    expect(sink.playingDateMs()).toBe((99.2 + 1_700_000_000) * 1000);
    expect(sink.lowLatencyTarget()).toBeCloseTo(0.6);
    expect(sink.isLive()).toBe(true);
  });

  it('sends the element’s size again when it changes (a page may start before layout)', () => {
    const { worker, video } = setUp();
    expect(worker().sent('setAutoViewportSize')).toEqual([{ cmd: 'setAutoViewportSize', width: 640, height: 360 }]);
    vi.advanceTimersByTime(POSITION_INTERVAL_MS * 2);
    expect(worker().sent('setAutoViewportSize')).toHaveLength(1);
    video.clientWidth = 375;
    video.clientHeight = 211;
    vi.advanceTimersByTime(POSITION_INTERVAL_MS);
    expect(worker().sent('setAutoViewportSize').at(-1)).toEqual({
      cmd: 'setAutoViewportSize',
      width: 375,
      height: 211,
    });
  });

  it('tells the engine the element’s position, and jumps to the edge past liveMaxLatency', () => {
    const { worker, video, sink } = setUp();
    worker().emit({ type: 'timeline', timeline: TIMELINE });
    video.currentTime = 90;
    vi.advanceTimersByTime(POSITION_INTERVAL_MS);
    expect(worker().sent('onClientSinkUpdate').at(-1)).toMatchObject({ currentTime: 90 });
    sink.setLiveMaxLatency(5);
    vi.advanceTimersByTime(POSITION_INTERVAL_MS);
    expect(worker().sent('seekTo')).toEqual([]); // paused: not dragged forward
    video.paused = false;
    vi.advanceTimersByTime(POSITION_INTERVAL_MS * 4);
    // 90 s is not buffered: the engine starts again at the edge, asked once while it works.
    expect(worker().sent('seekTo')).toEqual([{ cmd: 'seekTo', position: 'live' }]);
    worker().emit({ type: 'seek', position: 100.4 });
    expect(video.currentTime).toBe(100.4);
    video.currentTime = 90;
    video.bufferedRanges = [[90, 101]];
    sink.seekToLiveEdge();
    expect(video.currentTime).toBeCloseTo(101.5 - 0.6); // buffered: a plain seek, no new loads (1.5 s after the timeline)
  });

  it('hands engine errors to the player, and a media error to its policy', () => {
    const { worker, reports } = setUp();
    const error: PlayerError = { type: 'NotAvailable', code: 404, source: 'playlist', message: 'x', fatal: true };
    worker().emit({ type: 'error', error });
    worker().emit({ type: 'mediaError', code: 3, message: 'appendBuffer failed' });
    expect(reports.errors).toEqual([error]);
    expect(reports.mediaErrors).toEqual([[3, 'appendBuffer failed']]);
    worker().emit({ type: 'declined', reason: 'MPEG-TS segments' });
    expect(reports.declined).toEqual(['MPEG-TS segments']);
  });

  it('reloads with a new worker and ignores whatever the old one still says; destroy ends it', () => {
    const { worker, workers, sink, reports } = setUp();
    const old = worker();
    sink.setQuality(quality(720, 2_000_000));
    sink.reload();
    expect(old.terminated).toBe(true);
    expect(old.sent('delete')).toHaveLength(1);
    expect(workers).toHaveLength(2);
    // The viewer's quality goes to the new engine before its load.
    expect(worker().commands.map((c) => c.cmd)).toEqual(['create', 'setAutoViewportSize', 'setQuality', 'load']);
    old.emit({ type: 'progress', bytes: 10, duration: 0.2, bandwidthEstimate: 1 });
    expect(reports.progress).toBe(0);
    worker().emit({ type: 'progress', bytes: 10_000, duration: 0.2, bandwidthEstimate: 5_000_000 });
    expect(reports.progress).toBe(1);
    expect(sink.bandwidthEstimate()).toBe(5_000_000);
    sink.destroy();
    expect(worker().terminated).toBe(true);
    const sent = worker().commands.length;
    vi.advanceTimersByTime(POSITION_INTERVAL_MS * 4);
    expect(worker().commands.length).toBe(sent);
  });

  it('reports an engine worker that cannot start as the sink being unavailable', () => {
    const video = new FakeVideo();
    const errors: PlayerError[] = [];
    const host = {
      video: video.asVideo(),
      lowLatency: true,
      adjustments: DEFAULT_SINK_ADJUSTMENTS,
      onError: (e: PlayerError) => errors.push(e),
    } as unknown as SinkHost;
    const sink = createMseWorkerSink(host, fakeEnvironment(), () => {
      throw new Error('blocked by CSP');
    });
    sink.load('https://origin.test/master.m3u8');
    expect(errors.map((e) => [e.type, e.code, e.fatal])).toEqual([['NotSupported', 1004, true]]);
  });
});

describe('gapJump', () => {
  const at = (currentTime: number, ranges: [number, number][], paused = false, readyState = 2) => {
    const video = new FakeVideo();
    video.currentTime = currentTime;
    video.bufferedRanges = ranges;
    video.paused = paused;
    return gapJump(Object.assign(video, { readyState }) as unknown as HTMLVideoElement);
  };

  it('hops a small hole ahead of a stuck position', () => {
    expect(
      at(10.98, [
        [5, 11],
        [11.4, 20],
      ]),
    ).toBeCloseTo(11.41);
    expect(
      at(11.2, [
        [5, 11],
        [11.4, 20],
      ]),
    ).toBeCloseTo(11.41);
  });

  it('leaves playback alone when it is not stuck at a hole', () => {
    expect(
      at(8, [
        [5, 11],
        [11.4, 20],
      ]),
    ).toBeNull(); // inside a range
    expect(
      at(10.98, [
        [5, 11],
        [13, 20],
      ]),
    ).toBeNull(); // the hole is too big: the watchdog's case
    expect(
      at(
        10.98,
        [
          [5, 11],
          [11.4, 20],
        ],
        true,
      ),
    ).toBeNull(); // paused
    expect(
      at(
        10.98,
        [
          [5, 11],
          [11.4, 20],
        ],
        false,
        4,
      ),
    ).toBeNull(); // not starved
  });
});
