import { describe, expect, it } from 'vitest';
import type { Sink, SinkFactory } from './sinks/sink.ts';
import { fakeSinkFactory, type FakeSink } from './testing/fakes.ts';
import { setUp, URL_A } from './testing/player-harness.ts';
import { PlayerState } from './types/state.ts';

/**
 * The facade with a sink that plays elsewhere (Sink.controls, the chromecast sink's shape): the
 * viewer's requests go to its controls, not to the idle local element, and the element's events
 * say nothing of the player's state. No facade method asks whether it is casting.
 */
function remoteSinkFactory(made: FakeSink[], controls: string[]): SinkFactory {
  const base = fakeSinkFactory('chromecast', made);
  return {
    ...base,
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

describe('a sink with controls (playing elsewhere)', () => {
  function casting() {
    const made: FakeSink[] = [];
    const controls: string[] = [];
    const h = setUp({ sinks: { chromecast: remoteSinkFactory(made, controls) } });
    h.player.load(URL_A);
    h.player.setSinkType('chromecast');
    expect(h.player.getState().sink).toBe('chromecast');
    return { h, controls, remote: made.at(-1)! };
  }

  it('takes play, pause, volume and mute; the local element is left alone', async () => {
    const { h, controls } = casting();
    const playCalls = h.video.playCalls;
    await h.player.play();
    h.player.pause();
    h.player.setVolume(0.25);
    h.player.setMuted(true);
    expect(controls).toEqual(['play', 'pause', 'volume 0.25', 'muted true']);
    expect(h.video.playCalls).toBe(playCalls);
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
    h.player.setSinkType('mse');
    expect(h.player.getState().sink).toBe('mse');
    await h.player.play();
    h.player.setVolume(0.5);
    expect(controls).toEqual([]);
    expect(h.video.volume).toBe(0.5);
  });
});
