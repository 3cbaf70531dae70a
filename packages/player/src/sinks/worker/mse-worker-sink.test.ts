import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineCommand, EngineEvent } from '../../engine/protocol.ts';
import type { PlayerError } from '../../types/errors.ts';
import type { Quality, TextTrack } from '../../types/quality.ts';
import { fakeEnvironment, FakeVideo, quality } from '../../testing/fakes.ts';
import {
  createMseWorkerSink,
  gapJump,
  POSITION_INTERVAL_MS,
  type AdoptEngine,
  type EngineWorker,
  type WorkerEngineSinkType,
} from './mse-worker-sink.ts';
import { PageMediaSource } from './page-media-source.ts';
import { NO_IDENTITY, type RequestIdentity } from '../../rules/request-identity.ts';
import { DEFAULT_SINK_ADJUSTMENTS, type SinkHost, type TrackConfiguration } from '../sink.ts';

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

/** Who is watching, as the sink's host says (the player's setAuthToken …). */
let hostIdentity: RequestIdentity = NO_IDENTITY;

function setUpOn(video: FakeVideo, adopt?: AdoptEngine) {
  return setUp(() => false, adopt, 'mse-worker', video);
}

function setUp(
  removeQualities: (q: Quality) => boolean = () => false,
  adopt?: AdoptEngine,
  type: WorkerEngineSinkType = 'mse-worker',
  video = new FakeVideo(),
) {
  const workers: FakeWorker[] = [];
  const reports = {
    errors: [] as PlayerError[],
    mediaErrors: [] as [number, string][],
    tracks: [] as TrackConfiguration[][],
    qualities: [] as Quality[][],
    progress: 0,
    clock: [] as string[],
    declined: [] as string[],
    cues: [] as unknown[],
    textTracks: [] as [TextTrack[], string | null][],
    starving: [] as boolean[],
  };
  const host: SinkHost = {
    video: video.asVideo(),
    lowLatency: true,
    get identity() {
      return hostIdentity;
    },
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
    onStarving: (starving) => reports.starving.push(starving),
    onTimedCues: (cues) => reports.cues.push(...cues),
    onTextTracks: (tracks, selected) => reports.textTracks.push([tracks, selected]),
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
    type === 'default-media-source' ? (element, answer) => new PageMediaSource(element, answer) : undefined,
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

beforeEach(() => {
  vi.useFakeTimers();
  hostIdentity = NO_IDENTITY;
});
afterEach(() => vi.useRealTimers());

describe('mse-worker sink', () => {
  it('tells each new worker who is watching before it loads, and later only what changed', () => {
    hostIdentity = { ...NO_IDENTITY, authToken: 'signed.jwt.here', platformName: 'web' };
    const { sink, worker } = setUp();
    const names = worker().commands.map((c) => c.cmd);
    expect(names.indexOf('setAuthToken')).toBeLessThan(names.indexOf('load'));
    expect(worker().sent('setAuthToken')).toEqual([{ cmd: 'setAuthToken', token: 'signed.jwt.here' }]);
    expect(worker().sent('setPlatformName')).toEqual([{ cmd: 'setPlatformName', name: 'web' }]);
    expect(worker().sent('setClientId')).toEqual([]); // nothing to say yet
    const before = worker().commands.length;
    sink.setIdentity!({ ...NO_IDENTITY, authToken: 'refreshed', platformName: 'web', credentials: 'include' });
    expect(worker().commands.slice(before)).toEqual([
      { cmd: 'setAuthToken', token: 'refreshed' },
      { cmd: 'setRequestCredentials', credentials: 'include' },
    ]);
  });

  it('keeps an element the page gave the handle already, and does not seek it again to where it is', () => {
    const early = new FakeWorker();
    const handle = { kind: 'early handle' };
    const message = (data: EngineEvent) => new MessageEvent('message', { data });
    const adopt: AdoptEngine = () => ({
      worker: early,
      backlog: [message({ type: 'mediaSourceHandle', handle }), message({ type: 'seek', position: 42 })],
    });
    const sets = { srcObject: 0, currentTime: 0 };
    let currentTime = 0;
    const element = new FakeVideo();
    // The page's early script did both already (apps/embed/index.html).
    Object.defineProperty(element, 'srcObject', {
      get: () => handle,
      set: () => (sets.srcObject += 1),
    });
    Object.defineProperty(element, 'currentTime', {
      get: () => currentTime,
      set: (value: number) => {
        sets.currentTime += 1;
        currentTime = value;
      },
    });
    currentTime = 42;
    setUpOn(element, adopt);
    expect(sets).toEqual({ srcObject: 0, currentTime: 0 });
    early.emit({ type: 'seek', position: 50 });
    expect(sets.currentTime).toBe(1);
  });

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

  it('passes the engine’s starving warnings to the player', () => {
    const { reports, worker } = setUp();
    worker().emit({ type: 'starving', starving: true });
    worker().emit({ type: 'starving', starving: false });
    expect(reports.starving).toEqual([true, false]);
  });

  it('seeks the element where the viewer asks, and has the engine load there only where nothing is buffered', () => {
    const { sink, video, worker } = setUp();
    video.bufferedRanges = [[10, 20]];
    sink.seekTo!(15);
    expect(video.currentTime).toBe(15);
    expect(worker().sent('seekTo')).toEqual([]);
    sink.seekTo!(42);
    expect(video.currentTime).toBe(42);
    expect(worker().sent('seekTo')).toEqual([{ cmd: 'seekTo', position: 42 }]);
  });

  it('hands the text tracks and the shown one’s cues to the player, and logs a warning', () => {
    const { worker, reports } = setUp();
    const tracks: TextTrack[] = [{ id: 'cc1', name: 'CC1', language: '', kind: 'captions', default: false }];
    worker().emit({ type: 'textTracks', tracks, selected: 'cc1' });
    expect(reports.textTracks).toEqual([[tracks, 'cc1']]);
    worker().emit({ type: 'captions', track: 'cc1', cues: [{ startTime: 3, endTime: 5, text: 'Hi' }] });
    expect(reports.cues).toEqual([{ type: 'TextCue', startTime: 3, endTime: 5, text: 'Hi', track: 'cc1' }]);
    worker().emit({ type: 'warning', message: 'a subtitle segment was skipped: HTTP 404' });
  });

  it('sends the text track the page shows, and again to the engine of a reload', () => {
    const { sink, worker } = setUp();
    sink.setTextTrack!('English');
    expect(worker().sent('setTextTrack')).toEqual([{ cmd: 'setTextTrack', id: 'English' }]);
    sink.reload();
    expect(worker().commands.map((c) => c.cmd)).toEqual(['create', 'setAutoViewportSize', 'load', 'setTextTrack']);
    expect(worker().sent('setTextTrack')).toEqual([{ cmd: 'setTextTrack', id: 'English' }]);
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

/**
 * A MediaSource as the page's side of default-media-source sees it: open at once, one
 * SourceBuffer whose operations end on the next turn (or refuse as `refuse` says).
 */
class FakeSourceBuffer extends EventTarget {
  mode = 'segments';
  appended: number[] = [];
  refuse: string | null = null;
  ranges: [number, number][] = [];
  get buffered() {
    const list = this.ranges;
    return { length: list.length, start: (i: number) => list[i]![0], end: (i: number) => list[i]![1] };
  }
  appendBuffer(bytes: Uint8Array) {
    if (this.refuse) {
      const error = new Error('no room');
      error.name = this.refuse;
      throw error;
    }
    this.appended.push(bytes.byteLength);
    this.ranges = [[0, this.appended.length]];
    setTimeout(() => this.dispatchEvent(new Event('updateend')), 0);
  }
  remove() {
    setTimeout(() => this.dispatchEvent(new Event('updateend')), 0);
  }
  abort() {}
  changeType() {}
}
class FakeMediaSource extends EventTarget {
  static made: FakeMediaSource[] = [];
  readyState = 'open';
  duration = Number.NaN;
  buffers: FakeSourceBuffer[] = [];
  seekable: [number, number][] = [];
  constructor() {
    super();
    FakeMediaSource.made.push(this);
  }
  setLiveSeekableRange(start: number, end: number) {
    this.seekable.push([start, end]);
  }
  addSourceBuffer() {
    const buffer = new FakeSourceBuffer();
    this.buffers.push(buffer);
    return buffer;
  }
}

describe('default-media-source sink', () => {
  beforeEach(() => {
    FakeMediaSource.made = [];
    vi.stubGlobal('MediaSource', FakeMediaSource);
    let n = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:source-${++n}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('tells the engine its sink before it loads and plays a MediaSource of the page', () => {
    const { sink, video, worker } = setUp(() => false, undefined, 'default-media-source');
    expect(sink.type).toBe('default-media-source');
    expect(worker().commands.map((c) => c.cmd)).toEqual(['create', 'setSinkType', 'setAutoViewportSize', 'load']);
    expect(worker().sent('setSinkType')[0]!.sinkType).toBe('default-media-source');
    expect((video as unknown as { src: string }).src).toBe('blob:source-1');
    // A worker MediaSource's handle is not for this sink.
    worker().emit({ type: 'mediaSourceHandle', handle: {} });
    expect((video as unknown as { srcObject?: unknown }).srcObject).toBeUndefined();
  });

  it('carries out the engine’s operations in order and answers each by id, with the buffered ranges', async () => {
    const { worker } = setUp(() => false, undefined, 'default-media-source');
    worker().emit({ type: 'sinkConfigure', id: 1, epoch: 0, mime: 'video/mp4; codecs="avc1.64001f"' });
    worker().emit({ type: 'sinkAppend', id: 2, epoch: 0, bytes: new Uint8Array(5) });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeMediaSource.made[0]!.buffers[0]!.appended).toEqual([5]);
    expect(FakeMediaSource.made[0]!.duration).toBe(Number.POSITIVE_INFINITY);
    const answers = worker()
      .sent('onClientSinkUpdate')
      .filter((c) => c.done !== undefined);
    expect(answers.map((a) => [a.done, a.buffered])).toEqual([
      [1, []],
      [2, [{ start: 0, end: 1 }]],
    ]);
    // A full buffer is a recoverable refusal; a refused append otherwise an error with its code.
    FakeMediaSource.made[0]!.buffers[0]!.refuse = 'QuotaExceededError';
    worker().emit({ type: 'sinkAppend', id: 3, epoch: 0, bytes: new Uint8Array(5) });
    await vi.advanceTimersByTimeAsync(0);
    expect(worker().sent('onClientSinkRecoverableError')).toEqual([
      expect.objectContaining({ id: 3, name: 'QuotaExceededError' }),
    ]);
    FakeMediaSource.made[0]!.buffers[0]!.refuse = 'InvalidStateError';
    worker().emit({ type: 'sinkAppend', id: 4, epoch: 0, bytes: new Uint8Array(5) });
    await vi.advanceTimersByTimeAsync(0);
    expect(worker().sent('onClientSinkError')).toEqual([expect.objectContaining({ id: 4, code: 3 })]);
  });

  it('sets the live window the engine sends on its MediaSource, at once and unanswered', () => {
    const { worker } = setUp(() => false, undefined, 'default-media-source');
    worker().emit({ type: 'sinkSeekable', epoch: 0, start: 100, end: 106.2 });
    worker().emit({ type: 'sinkSeekable', epoch: 7, start: 0, end: 1 }); // a MediaSource since replaced
    expect(FakeMediaSource.made[0]!.seekable).toEqual([[100, 106.2]]);
    expect(
      worker()
        .sent('onClientSinkUpdate')
        .filter((c) => c.done !== undefined),
    ).toEqual([]);
  });

  it('reloads on a new worker and a new MediaSource, the old one released', async () => {
    const { sink, video, workers } = setUp(() => false, undefined, 'default-media-source');
    sink.reload();
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]!.commands.map((c) => c.cmd)).toEqual(['create', 'setSinkType', 'setAutoViewportSize', 'load']);
    expect((video as unknown as { src: string }).src).toBe('blob:source-2');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:source-1');
    // The new engine's operations name its first MediaSource, as the old one's did.
    workers[1]!.emit({ type: 'sinkConfigure', id: 1, epoch: 0, mime: 'video/mp4' });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeMediaSource.made[1]!.buffers).toHaveLength(1);
  });

  it('tells the engine when its MediaSource is replaced, and drops what was meant for the old one', async () => {
    const answers: unknown[] = [];
    const video = new FakeVideo();
    const source = new PageMediaSource(video.asVideo(), (event) => answers.push(event));
    source.attach();
    expect(answers).toEqual([]); // the first one is the engine's from the start
    source.attach();
    expect(answers).toEqual([{ cmd: 'onClientSinkReset', epoch: 1 }]);
    source.run({ type: 'sinkConfigure', id: 7, epoch: 0, mime: 'video/mp4' });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeMediaSource.made[1]!.buffers).toHaveLength(0);
    source.run({ type: 'sinkConfigure', id: 8, epoch: 1, mime: 'video/mp4' });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeMediaSource.made[1]!.buffers).toHaveLength(1);
    expect(answers.at(-1)).toMatchObject({ cmd: 'onClientSinkUpdate', done: 8 });
    source.destroy();
  });

  it('reports the element’s state to the engine: waiting, ended, the network, and a jump over a gap', () => {
    // The page's window, where online and offline are announced.
    const page = new EventTarget();
    vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
    vi.stubGlobal('removeEventListener', page.removeEventListener.bind(page));
    const { video, worker } = setUp(() => false, undefined, 'default-media-source');
    video.paused = false;
    video.emit('waiting');
    video.emit('playing'); // nothing the engine needs
    video.emit('ended');
    page.dispatchEvent(new Event('offline')); // the page's player shows a lost connection
    page.dispatchEvent(new Event('online'));
    vi.unstubAllGlobals();
    expect(
      worker()
        .commands.map((c) => c.cmd)
        .slice(-3),
    ).toEqual(['onClientSinkIdle', 'onClientSinkEnded', 'onOnline']);
    video.currentTime = 10;
    video.bufferedRanges = [[10.5, 20]];
    (video as unknown as { readyState: number }).readyState = 2;
    vi.advanceTimersByTime(POSITION_INTERVAL_MS);
    expect(worker().sent('onClientSinkGapJump')).toEqual([{ cmd: 'onClientSinkGapJump', from: 10, to: 10.51 }]);
  });
});
