/**
 * The Player facade's test harness: a player over a fake element and recording fake sinks,
 * on vitest's fake timers (player*.test.ts).
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { PlayerError } from '../types/errors.ts';
import type { PlayerEventMap } from '../types/events.ts';
import { createPlayer, type Player, type PlayerConfig } from '../player.ts';
import { fakeEnvironment, fakeSinkFactory, FakeVideo, FakeVisibility, quality, type FakeSink } from './fakes.ts';

export const URL_A = 'https://origin.test/hls/live/master.m3u8';
export const Q360 = quality(360, 800_000);
export const Q720 = quality(720, 3_000_000, 'chunked');

export interface Harness {
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

export function setUp(config: PlayerConfig = {}, options: { attach?: boolean } = {}): Harness {
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
export async function startPlaying(h: Harness): Promise<void> {
  h.player.load(URL_A);
  void h.player.play();
  h.sink().host.onQualities([Q360, Q720]);
  await vi.advanceTimersByTimeAsync(0);
  h.video.startPlaying();
}

/** Every facade test runs on vitest's fake timers, from a fixed wall-clock instant. */
export function useFakeTime(): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Every error the player ever emits carries a real code (never 0). */
export function expectCodes(errors: PlayerError[]): void {
  for (const error of errors) expect(error.code).not.toBe(0);
}
