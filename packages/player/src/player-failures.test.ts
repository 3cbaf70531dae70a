import { describe, expect, it, vi } from 'vitest';
import { ErrorCode, ErrorType, MESSAGES } from './types/errors.ts';
import { PlayerState } from './types/state.ts';
import { CAPABILITIES } from './testing/fakes.ts';
import { expectCodes, Q360, Q720, setUp, startPlaying, URL_A, useFakeTime } from './testing/player-harness.ts';

/** The Player facade when things fail: loads, media errors, buffering, listeners, delete. */
useFakeTime();

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

  it('plays again after a decode error’s reload: the pause the element makes with its error is not the viewer’s', async () => {
    const h = setUp();
    await startPlaying(h);
    const plays = h.video.playCalls;
    // Chromium pauses an element whose decoder failed, with its error set, then reports it.
    h.video.error = { code: 3, message: 'PipelineStatus::CHUNK_DEMUXER_ERROR_APPEND_FAILED' };
    h.video.pause();
    h.sink().host.onMediaError(3, 'decode');
    expect(h.sink().called('reload')).toHaveLength(1);
    expect(h.player.getState().paused).toBe(false);
    // The reload's new source: no error, ready again, played.
    h.video.error = null;
    h.sink().host.onQualities([Q360, Q720]);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.video.playCalls).toBeGreaterThan(plays);
    expect(h.video.paused).toBe(false);
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
