import { describe, expect, it, vi } from 'vitest';
import { ErrorCode, ErrorType } from './types/errors.ts';
import { fakeSinkFactory } from './testing/fakes.ts';
import { Q360, Q720, setUp, startPlaying, URL_A, useFakeTime } from './testing/player-harness.ts';

/** The Player facade's sinks: switching with setSinkType, queued rebuilds, sink adjustments. */
useFakeTime();

describe('sinks: switching and rebuilding', () => {
  it('setAudioOnly starts the live source again on a new sink that plays the sound alone, and back', async () => {
    const h = setUp();
    await startPlaying(h);
    const first = h.sink();
    expect(first.host.audioOnly).toBe(false);
    h.player.setAudioOnly(true);
    const second = h.sink();
    expect(first.destroyed).toBe(true);
    expect(second.type).toBe(first.type);
    expect(second.called('load')).toEqual([[URL_A]]);
    expect(second.host.audioOnly).toBe(true);
    expect(h.player.getState().audioOnly).toBe(true);
    // Where the sink has no audio-only variant of its own, the lowest picture plays.
    second.host.onQualities([Q720, Q360]);
    expect(second.called('setQuality')).toEqual([[Q360]]);
    h.player.setAudioOnly(true); // already: nothing starts again
    expect(h.sink()).toBe(second);
    h.player.setAudioOnly(false);
    const third = h.sink();
    expect(third).not.toBe(second);
    expect(third.host.audioOnly).toBe(false);
    third.host.onQualities([Q720, Q360]);
    expect(third.called('setQuality')).toEqual([]);
    expect(h.video.playCalls).toBeGreaterThanOrEqual(2); // and playback goes on
  });

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

  it('moves a source the worker engine declines to the next sink of the automatic order', async () => {
    const made: ReturnType<typeof setUp>['sinks'] = [];
    const h = setUp({
      sinks: { 'mse-worker': fakeSinkFactory('mse-worker', made) },
      environment: { sinkCapabilities: () => ({ mediaSource: true, mediaSourceInWorker: true, nativeHls: true }) },
    });
    h.player.attachMedia(h.video.asVideo());
    h.player.load(URL_A);
    const worker = made.at(-1)!;
    expect(worker.type).toBe('mse-worker');
    worker.host.onDeclined('MPEG-TS segments');
    await vi.advanceTimersByTimeAsync(0);
    expect(worker.destroyed).toBe(true);
    expect(h.sink().type).toBe('mse');
    expect(h.sink().called('load')).toEqual([[URL_A]]);
    expect(h.player.getState().sink).toBe('mse');
    expect(h.of('error')).toEqual([]);
    expect(h.env.logger.warn).toHaveBeenCalledWith(expect.stringContaining('declined the source (MPEG-TS segments)'));
  });

  it('reports a decline as an error when the viewer or host named that sink', async () => {
    const h = setUp({ sink: 'passthrough' });
    await startPlaying(h);
    h.sink().host.onDeclined('no parts');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.sinks).toHaveLength(1);
    expect(h.of('error')).toMatchObject([
      { type: ErrorType.NotSupported, code: ErrorCode.SinkUnavailable, source: 'sink', fatal: true },
    ]);
  });
});

describe('sinks: sound on the worker engine', () => {
  const onWorker = (soundAllowed: boolean) => {
    const made: ReturnType<typeof setUp>['sinks'] = [];
    const probe = vi.fn(() => Promise.resolve(soundAllowed));
    const h = setUp({
      sinks: { 'mse-worker': fakeSinkFactory('mse-worker', made) },
      environment: {
        sinkCapabilities: () => ({ mediaSource: true, mediaSourceInWorker: true, nativeHls: true }),
        soundAutoplayAllowed: probe,
      },
    });
    return { h, made, probe };
  };

  it('starts muted with audio-blocked where the browser would refuse sound, though the element would play', async () => {
    const { h, made, probe } = onWorker(false);
    h.player.load(URL_A);
    void h.player.play();
    // Asked once, ahead of the source being ready.
    expect(probe).toHaveBeenCalledTimes(1);
    made.at(-1)!.host.onQualities([Q360]);
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(h.video.playCalls).toBe(1);
    expect(h.video.muted).toBe(true);
    expect(h.player.getState()).toMatchObject({ muted: true, paused: false });
    expect(h.of('audio-blocked')).toHaveLength(1);
    expect(h.of('playback-blocked')).toHaveLength(0);
  });

  it('plays with sound where the browser allows it, and asks nothing when muted', async () => {
    const { h, made, probe } = onWorker(true);
    h.player.load(URL_A);
    void h.player.play();
    made.at(-1)!.host.onQualities([Q360]);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.video.muted).toBe(false);
    expect(h.of('audio-blocked')).toHaveLength(0);
    h.player.pause();
    h.player.setMuted(true);
    void h.player.play();
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(h.video.playCalls).toBe(2);
  });

  it('leaves the question to the element on the other sinks', async () => {
    const probe = vi.fn(() => Promise.resolve(false));
    const h = setUp({ environment: { soundAutoplayAllowed: probe } });
    await startPlaying(h);
    expect(probe).not.toHaveBeenCalled();
    expect(h.video.muted).toBe(false);
  });
});
