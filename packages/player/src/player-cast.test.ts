import { describe, expect, it, vi } from 'vitest';
import type { Sink, SinkFactory } from './sinks/sink.ts';
import { fakeSinkFactory, type FakeSink } from './testing/fakes.ts';
import { Q360, Q720, setUp, URL_A, useFakeTime } from './testing/player-harness.ts';
import { ErrorCode, ErrorType } from './types/errors.ts';
import { PlayerState } from './types/state.ts';

/**
 * The facade with a sink that plays elsewhere (Sink.controls, the chromecast sink's shape): the
 * viewer's requests go to its controls, not to the idle local element, and the element's events
 * say nothing of the player's state. No facade method asks whether it is casting.
 */
function remoteSinkFactory(made: FakeSink[], controls: string[], receiver = { available: true }): SinkFactory {
  const base = fakeSinkFactory('chromecast', made);
  return {
    ...base,
    supported: () => receiver.available,
    create(host, env) {
      const sink = base.create(host, env) as FakeSink;
      (sink as { controls?: Sink['controls'] }).controls = {
        play: () => void controls.push('play'),
        pause: () => void controls.push('pause'),
        setVolume: (volume) => void controls.push(`volume ${volume}`),
        setMuted: (muted) => void controls.push(`muted ${muted}`),
      };
      return sink;
    },
  };
}

useFakeTime();

describe('a sink with controls (playing elsewhere)', () => {
  function casting() {
    const made: FakeSink[] = [];
    const controls: string[] = [];
    // As the real one: a receiver playing is no longer one available to cast to.
    const receiver = { available: true };
    const h = setUp({ sinks: { chromecast: remoteSinkFactory(made, controls, receiver) } });
    h.player.load(URL_A);
    h.player.setSinkType('chromecast');
    receiver.available = false;
    expect(h.player.getState().sink).toBe('chromecast');
    return { h, controls, made, remote: made.at(-1)! };
  }

  it('takes play, pause, volume and mute; the local element is left alone', async () => {
    const { h, controls, remote } = casting();
    // Loaded, so that a play routed to the element would reach it.
    remote.host.onQualities([Q360]);
    const playCalls = h.video.playCalls;
    const pause = vi.spyOn(h.video, 'pause');
    await h.player.play();
    await vi.advanceTimersByTimeAsync(0);
    h.player.pause();
    h.player.setVolume(0.25);
    h.player.setMuted(true);
    expect(controls).toEqual(['play', 'pause', 'volume 0.25', 'muted true']);
    expect(h.video.playCalls).toBe(playCalls);
    expect(pause).not.toHaveBeenCalled();
    expect(h.player.getState()).toMatchObject({ volume: 0.25, muted: true });
  });

  it('owns the state: the receiver’s reports count, the local element’s events do not', () => {
    const { h, remote } = casting();
    remote.host.onRemotePlayback?.({ state: PlayerState.Playing, paused: false });
    expect(h.player.getState()).toMatchObject({ state: PlayerState.Playing, paused: false });
    h.video.emit('pause');
    h.video.emit('waiting');
    expect(h.player.getState()).toMatchObject({ state: PlayerState.Playing, paused: false });
  });

  it('gives the requests back to the element once a local sink plays again', async () => {
    const { h, controls } = casting();
    h.player.pause();
    expect(controls).toEqual(['pause']);
    h.player.setSinkType('mse');
    expect(h.player.getState().sink).toBe('mse');
    h.sink().host.onQualities([Q360, Q720]);
    const playCalls = h.video.playCalls;
    await h.player.play();
    await vi.advanceTimersByTimeAsync(0);
    h.player.setVolume(0.5);
    expect(controls).toEqual(['pause']);
    expect(h.video.playCalls).toBe(playCalls + 1);
    expect(h.video.volume).toBe(0.5);
  });

  it('plays a new source on the same sink elsewhere (a channel change while casting)', () => {
    const { h, made, remote } = casting();
    const localSinks = h.sinks.length;
    const other = 'https://origin.test/hls/other/master.m3u8';
    h.player.load(other);
    expect(remote.destroyed).toBe(true);
    expect(made).toHaveLength(2);
    expect(made[1]!.called('load')).toEqual([[other]]);
    expect(h.sinks).toHaveLength(localSinks);
    expect(h.player.getState().sink).toBe('chromecast');
  });
});

describe('setSinkType("chromecast")', () => {
  /** A chromecast factory like the real one: usable while a receiver is there, connect() asks for a session. */
  function castFactory(receiver: { available: boolean }, requests: string[]): SinkFactory {
    const made: FakeSink[] = [];
    return {
      ...fakeSinkFactory('chromecast', made),
      supported: () => receiver.available,
      connect: () => void requests.push('request'),
    };
  }

  it('asks for a session while a receiver is there; playback stays local until it opens', () => {
    const requests: string[] = [];
    const h = setUp({ sinks: { chromecast: castFactory({ available: true }, requests) } });
    h.player.load(URL_A);
    const local = h.sink();
    h.player.setSinkType('chromecast');
    expect(requests).toEqual(['request']);
    expect(h.sink()).toBe(local);
    expect(local.destroyed).toBe(false);
    expect(h.player.getState().sink).toBe('mse');
    expect(h.of('error')).toEqual([]);
  });

  it('is refused without a receiver (SPEC 1004), and the local sink plays on', () => {
    const requests: string[] = [];
    const h = setUp({ sinks: { chromecast: castFactory({ available: false }, requests) } });
    h.player.load(URL_A);
    const local = h.sink();
    h.player.setSinkType('chromecast');
    expect(requests).toEqual([]);
    expect(h.of('error')).toMatchObject([
      { type: ErrorType.NotSupported, code: ErrorCode.SinkUnavailable, source: 'api', fatal: false },
    ]);
    expect(h.sink()).toBe(local);
    expect(local.destroyed).toBe(false);
    expect(h.player.getState().sink).toBe('mse');
  });
});
