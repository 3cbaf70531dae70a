import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, ErrorType, MESSAGES, type PlayerError } from './errors.ts';
import type { PlayerEventMap } from './events.ts';
import { createPlayer, type Player, type PlayerConfig } from './player.ts';
import { PlayerState } from './state.ts';
import {
  CAPABILITIES,
  fakeEnvironment,
  fakeSinkFactory,
  FakeVideo,
  FakeVisibility,
  quality,
  type FakeSink,
} from './testing/fakes.ts';

const URL_A = 'https://origin.test/hls/live/master.m3u8';
const Q360 = quality(360, 800_000);
const Q720 = quality(720, 3_000_000, 'chunked');

interface Harness {
  player: Player;
  video: FakeVideo;
  visibility: FakeVisibility;
  env: ReturnType<typeof fakeEnvironment>;
  sinks: FakeSink[];
  /** The newest sink the player created. */
  sink(): FakeSink;
  events: { type: keyof PlayerEventMap; payload: unknown }[];
  of<K extends keyof PlayerEventMap>(type: K): PlayerEventMap[K][];
}

function setUp(config: PlayerConfig = {}, options: { attach?: boolean } = {}): Harness {
  const visibility = new FakeVisibility();
  const env = fakeEnvironment(visibility);
  const sinks: FakeSink[] = [];
  const video = new FakeVideo();
  const player = createPlayer({
    ...config,
    environment: { ...env, ...config.environment },
    sinks: { mse: fakeSinkFactory('mse', sinks), passthrough: fakeSinkFactory('passthrough', sinks), ...config.sinks },
  });
  const events: Harness['events'] = [];
  const types: (keyof PlayerEventMap)[] = [
    'state-changed',
    'error',
    'audio-blocked',
    'playback-blocked',
    'quality-changed',
    'loaded',
    'volume-changed',
    'muted-changed',
    'playback-rate-changed',
    'rebuffering',
    'seek-completed',
    'drift-correction',
    'analytics',
  ];
  for (const type of types) player.on(type, (payload) => events.push({ type, payload }));
  if (options.attach !== false) player.attachMedia(video.asVideo());
  return {
    player,
    video,
    visibility,
    env,
    sinks,
    sink: () => sinks.at(-1)!,
    events,
    of: <K extends keyof PlayerEventMap>(type: K) =>
      events.filter((e) => e.type === type).map((e) => e.payload as PlayerEventMap[K]),
  };
}

/** Loads, lets the sink report its qualities (ready), and starts the element playing. */
async function startPlaying(h: Harness): Promise<void> {
  h.player.load(URL_A);
  void h.player.play();
  h.sink().host.onQualities([Q360, Q720]);
  await vi.advanceTimersByTimeAsync(0);
  h.video.startPlaying();
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Every error the player ever emits carries a real code (never 0). */
function expectCodes(errors: PlayerError[]): void {
  for (const error of errors) expect(error.code).not.toBe(0);
}

describe('play intent and the autoplay policy', () => {
  it('waits for ready: play() before the source is ready asks nothing of the element', async () => {
    const h = setUp();
    h.player.load(URL_A);
    await h.player.play();
    expect(h.video.playCalls).toBe(0);
    expect(h.player.getState().paused).toBe(false);
    h.sink().host.onQualities([Q360]);
    expect(h.video.playCalls).toBe(1);
    expect(h.player.getState().state).toBe(PlayerState.Ready);
  });

  it('retries muted when sound is refused, and says so with audio-blocked', async () => {
    const h = setUp();
    h.video.playPolicy = 'refuse-sound';
    h.player.load(URL_A);
    h.sink().host.onQualities([Q360]);
    await h.player.play();
    expect(h.video.muted).toBe(true);
    expect(h.player.getState().muted).toBe(true);
    expect(h.of('audio-blocked')).toHaveLength(1);
    expect(h.of('playback-blocked')).toHaveLength(0);
    expect(h.player.getState().paused).toBe(false);
  });

  it('gives up when even muted playback is refused: paused, playback-blocked', async () => {
    const h = setUp();
    h.video.playPolicy = 'refuse-all';
    h.player.load(URL_A);
    h.sink().host.onQualities([Q360]);
    await h.player.play();
    expect(h.video.playCalls).toBe(2);
    expect(h.of('audio-blocked')).toHaveLength(1);
    expect(h.of('playback-blocked')).toHaveLength(1);
    expect(h.player.getState().paused).toBe(true);
    // Nothing retries behind the viewer's back: the next load does not play by itself.
    h.player.load(URL_A);
    h.sink().host.onQualities([Q360]);
    expect(h.video.playCalls).toBe(2);
  });

  it('does not start in a hidden page, and starts when it becomes visible', async () => {
    const h = setUp();
    h.visibility.hidden = true;
    h.player.load(URL_A);
    h.sink().host.onQualities([Q360]);
    await h.player.play();
    expect(h.video.playCalls).toBe(0);
    h.visibility.set(false);
    expect(h.video.playCalls).toBe(1);
  });
});

describe('requests and their events', () => {
  it('seekTo moves the element (never before 0, never to NaN) and seeked reports seek-completed', async () => {
    const h = setUp();
    await startPlaying(h);
    h.player.seekTo(42.5);
    expect(h.video.currentTime).toBe(42.5);
    h.player.seekTo(-3);
    expect(h.video.currentTime).toBe(0);
    h.player.seekTo(Number.NaN);
    expect(h.video.currentTime).toBe(0);
    h.video.currentTime = 12;
    h.video.emit('seeked');
    expect(h.of('seek-completed')).toEqual([{ position: 12 }]);
  });

  it('setLiveMaxLatency reaches the state and the sink, and ignores a bound that is not positive', () => {
    const h = setUp();
    h.player.load(URL_A);
    h.player.setLiveMaxLatency(6);
    h.player.setLiveMaxLatency(0);
    h.player.setLiveMaxLatency(-1);
    expect(h.player.getState().liveMaxLatency).toBe(6);
    expect(h.sink().called('setLiveMaxLatency')).toEqual([[6]]);
  });

  it('emits rebuffering when playback waits, and jumps to live only with setRebufferToLive', async () => {
    const h = setUp();
    await startPlaying(h);
    h.video.emit('waiting');
    expect(h.of('rebuffering')).toHaveLength(1);
    expect(h.player.getState().state).toBe(PlayerState.Buffering);
    expect(h.sink().called('seekToLiveEdge')).toHaveLength(0);
    h.player.setRebufferToLive(true);
    expect(h.player.getState().rebufferToLive).toBe(true);
    h.video.emit('waiting');
    expect(h.sink().called('seekToLiveEdge')).toHaveLength(1);
    // A paused element waiting for data is not rebuffering.
    h.video.pause();
    h.video.emit('waiting');
    expect(h.of('rebuffering')).toHaveLength(2);
  });

  it('reports volume, mute and the viewer rate once each, with clamps', () => {
    const h = setUp();
    h.player.setVolume(1.7);
    h.player.setVolume(1);
    h.player.setMuted(true);
    h.player.setPlaybackRate(9);
    expect(h.of('volume-changed')).toEqual([]); // 1 → clamped 1: no change
    h.player.setVolume(0.25);
    expect(h.of('volume-changed')).toEqual([{ volume: 0.25 }]);
    expect(h.of('muted-changed')).toEqual([{ muted: true }]);
    expect(h.of('playback-rate-changed')).toEqual([{ playbackRate: 2 }]);
    expect(h.video.defaultPlaybackRate).toBe(2);
    expect(h.player.getState()).toMatchObject({ volume: 0.25, muted: true, playbackRate: 2 });
  });
});

describe('analytics and statistics', () => {
  it('emits player_stats after every 10 s of play with played_ms, and on pause', async () => {
    const h = setUp();
    await startPlaying(h);
    await vi.advanceTimersByTimeAsync(9_500);
    expect(h.of('analytics')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(h.of('analytics').map((e) => e.properties)).toMatchObject([
      { reason: 'interval', played_ms: 10_000, app_platform: 'web', sink: 'mse' },
    ]);
    await vi.advanceTimersByTimeAsync(3_000);
    h.player.pause();
    const last = h.of('analytics').at(-1)!;
    expect(last.properties).toMatchObject({ reason: 'pause', played_ms: 3_000 });
  });

  it('counts no play time while buffering', async () => {
    const h = setUp();
    await startPlaying(h);
    h.video.emit('waiting');
    await vi.advanceTimersByTimeAsync(9_000); // below the buffering timeout
    h.video.emit('playing');
    await vi.advanceTimersByTimeAsync(9_500);
    expect(h.of('analytics')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(h.of('analytics')).toHaveLength(1);
  });

  it('measures statistics.bitrate from the media downloaded, not the advertised bandwidth', async () => {
    const h = setUp();
    await startPlaying(h);
    h.sink().host.onQualityChanged(Q720);
    h.sink().bitrate = 2_345_678;
    await vi.advanceTimersByTimeAsync(500);
    expect(h.player.getState().statistics.bitrate).toBe(2_345_678);
    expect(h.player.getState().averageBitrate).toBe(Q720.bitrate);
  });

  it('fills sessionData, startOffset and channelMetadata from the source', () => {
    const h = setUp();
    h.player.load(URL_A);
    h.sink().host.onSourceInfo({
      sessionData: { 'com.onair.server-time': '../time', 'com.onair.channel.title': 'Night' },
      startOffset: -1.5,
    });
    expect(h.player.getState()).toMatchObject({
      sessionData: { 'com.onair.server-time': '../time', 'com.onair.channel.title': 'Night' },
      startOffset: -1.5,
      channelMetadata: { title: 'Night' },
      looping: false,
    });
  });
});

describe('failures', () => {
  it('a failed load ends the previous source and leaves no sink behind', async () => {
    let capabilities = CAPABILITIES;
    const h = setUp({ environment: { sinkCapabilities: () => capabilities } });
    await startPlaying(h);
    const first = h.sink();
    capabilities = { mediaSource: false, mediaSourceInWorker: false, nativeHls: false };
    h.player.load(URL_A);
    expect(first.destroyed).toBe(true);
    const error = h.of('error').at(-1)!;
    expect(error).toMatchObject({ type: ErrorType.NotSupported, code: ErrorCode.NoPlayableSink, fatal: true });
    expect(h.player.getState()).toMatchObject({ state: PlayerState.Idle, error });
    // The destroyed sink's late reports change nothing.
    first.host.onQualities([Q360]);
    first.host.onError({ type: ErrorType.Network, code: 503, source: 'segment', message: 'x', fatal: true });
    expect(h.player.getState().loaded).toBe(false);
    expect(h.of('error')).toHaveLength(1);
    // And setQuality has no sink to reach.
    h.player.setQuality(Q360);
    expect(first.called('setQuality')).toEqual([]);
  });

  it('refuses to load without WebAssembly or without an element, with numbered errors', () => {
    const noWasm = setUp({ environment: { hasWebAssembly: () => false } });
    noWasm.player.load(URL_A);
    expect(noWasm.of('error')).toMatchObject([
      { type: ErrorType.NotSupported, code: ErrorCode.NoWebAssembly, message: MESSAGES.noWebAssembly, fatal: true },
    ]);
    const noVideo = setUp({}, { attach: false });
    noVideo.player.load(URL_A);
    expect(noVideo.of('error')).toMatchObject([{ type: ErrorType.InvalidState, code: ErrorCode.NoMediaElement }]);
    expect(noVideo.sinks).toHaveLength(0);
  });

  it('reports a sink that cannot even be created as media-source creation failure, code 4', () => {
    const h = setUp({
      sinks: {
        mse: {
          type: 'mse',
          supported: () => true,
          create: () => {
            throw new DOMException('MediaSource is not allowed here', 'NotSupportedError');
          },
        },
      },
    });
    h.player.load(URL_A);
    expect(h.of('error')).toMatchObject([
      { type: ErrorType.NotSupported, code: ErrorCode.MediaSrcNotSupported, source: 'media', fatal: true },
    ]);
    expect(h.of('error')[0]!.message).toContain(MESSAGES.mediaSourceCreation);
  });

  it('answers a decode error with one reload, and reports its recurrence (code 3)', async () => {
    const h = setUp();
    await startPlaying(h);
    h.sink().host.onMediaError(3, 'decode');
    expect(h.sink().called('reload')).toHaveLength(1);
    expect(h.of('error')).toHaveLength(0);
    h.sink().host.onMediaError(3, 'decode');
    expect(h.of('error')).toMatchObject([{ code: 3, fatal: true }]);
  });

  it('reloads after 10 s, 20 s and 40 s of buffering, then fails with a fatal Buffering timeout', async () => {
    const h = setUp();
    await startPlaying(h);
    h.video.emit('waiting');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.sink().called('reload')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(h.sink().called('reload')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(h.sink().called('reload')).toHaveLength(3);
    const errors = h.of('error');
    expect(errors.map((e) => [e.message, e.fatal])).toEqual([
      [MESSAGES.bufferingTimeout, false],
      [MESSAGES.bufferingTimeout, false],
      [MESSAGES.bufferingTimeout, false],
    ]);
    await vi.advanceTimersByTimeAsync(80_000);
    expect(h.sink().called('reload')).toHaveLength(3);
    expect(h.of('error').at(-1)).toMatchObject({
      type: ErrorType.Timeout,
      code: ErrorCode.BufferingTimeout,
      fatal: true,
    });
    expect(h.player.getState().error?.fatal).toBe(true);
    expectCodes(h.of('error'));
  });

  it('turns a throwing listener into an error event, and never recurses on a throwing error listener', () => {
    const h = setUp();
    h.player.on('volume-changed', () => {
      throw new Error('page bug');
    });
    let calls = 0;
    h.player.on('error', () => {
      calls += 1;
      throw new Error('error listener bug');
    });
    h.player.setVolume(0.5);
    expect(h.of('error')).toMatchObject([{ code: ErrorCode.ListenerThrew, source: 'listener', fatal: false }]);
    expect(calls).toBe(1);
    expect(h.env.logger.error).toHaveBeenCalledTimes(1);
    expect(h.player.getState().volume).toBe(0.5);
  });

  it('delete during a pending load tears everything down and ignores what arrives later', async () => {
    const h = setUp();
    h.video.playPolicy = 'pending';
    h.player.load(URL_A);
    void h.player.play();
    const sink = h.sink();
    h.player.delete();
    expect(sink.destroyed).toBe(true);
    sink.host.onQualities([Q360]);
    sink.host.onMediaError(3, 'late');
    h.video.startPlaying();
    h.visibility.set(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.events).toEqual([]);
    expect(h.video.playCalls).toBe(0);
    h.player.play();
    expect(h.env.logger.warn).toHaveBeenCalledWith(MESSAGES.deleted);
  });
});

describe('sinks: switching and rebuilding', () => {
  it('setSinkType moves to another sink at the live edge, keeping the viewer state', async () => {
    const h = setUp();
    await startPlaying(h);
    h.player.setVolume(0.3);
    h.player.setMuted(true);
    h.player.setPlaybackRate(1.5);
    h.player.setQuality(Q360);
    h.player.setLiveLowLatencyEnabled(false);
    h.player.setLiveMaxLatency(8);
    const first = h.sink();
    h.player.setSinkType('passthrough');
    const second = h.sink();
    expect(first.destroyed).toBe(true);
    expect(second).not.toBe(first);
    expect(second.type).toBe('passthrough');
    expect(second.called('load')).toEqual([[URL_A]]);
    expect(second.called('setQuality')).toEqual([[Q360]]);
    expect(second.called('setLiveMaxLatency')).toEqual([[8]]);
    expect(second.host.lowLatency).toBe(false);
    expect(h.video).toMatchObject({ volume: 0.3, muted: true, defaultPlaybackRate: 1.5 });
    second.host.onQualities([Q360, Q720]);
    expect(h.player.getState()).toMatchObject({
      sink: 'passthrough',
      volume: 0.3,
      muted: true,
      playbackRate: 1.5,
      autoQualityMode: false,
      liveLowLatencyEnabled: false,
      paused: false,
    });
    expect(h.video.playCalls).toBe(2); // and playback goes on
  });

  it('refuses a sink this build or browser cannot run, with a clear non-fatal error', async () => {
    const h = setUp();
    await startPlaying(h);
    h.player.setSinkType('chromecast');
    h.player.setSinkType('webview');
    expect(h.of('error')).toMatchObject([
      { type: ErrorType.NotSupported, code: ErrorCode.SinkUnavailable, fatal: false },
      { type: ErrorType.NotSupported, code: ErrorCode.SinkUnavailable, fatal: false },
    ]);
    expect(h.sinks).toHaveLength(1);
    expect(h.player.getState().sink).toBe('mse');
  });

  it('queues a new sink when content protection changes, and swaps it in once idle', async () => {
    const h = setUp();
    await startPlaying(h);
    const track = { trackID: 'video', codec: 'avc1', mode: 'mse' as const, path: URL_A, group: '360p', srcObj: null };
    h.sink().host.onTracks([{ ...track, isProtected: false }]);
    h.sink().host.onTracks([{ ...track, isProtected: true }]);
    expect(h.sinks).toHaveLength(1); // still playing what is buffered
    h.video.emit('waiting'); // the current sink has run dry: idle
    expect(h.sinks).toHaveLength(2);
    expect(h.sinks[0]!.destroyed).toBe(true);
    expect(h.sink().type).toBe('mse');
  });

  it('rebuilds on a source-quality change only when the adjustment asks for it', async () => {
    const off = setUp();
    await startPlaying(off);
    off.sink().host.onQualityChanged(Q360);
    off.sink().host.onQualityChanged(Q720);
    off.video.pause();
    expect(off.sinks).toHaveLength(1);

    const on = setUp({ sinkAdjustments: { rebuildMediaSinkOnSourceQualityChange: true } });
    await startPlaying(on);
    on.sink().host.onQualityChanged(Q360);
    on.sink().host.onQualityChanged(Q720);
    on.video.pause();
    expect(on.sinks).toHaveLength(2);
  });

  it('rebuilds on a discontinuity only when the adjustment asks for it', async () => {
    const off = setUp();
    await startPlaying(off);
    off.sink().host.onDiscontinuity();
    off.video.pause();
    expect(off.sinks).toHaveLength(1);

    const on = setUp({ sinkAdjustments: { rebuildMediaSinkOnDiscontinuity: true } });
    await startPlaying(on);
    on.sink().host.onDiscontinuity();
    on.video.pause();
    expect(on.sinks).toHaveLength(2);
  });
});
