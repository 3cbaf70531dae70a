import { describe, expect, it, vi } from 'vitest';
import { PlayerState } from '../types/state.ts';
import { CastHost } from './cast-host.ts';
import type { CastHostHarness } from './cast-types.ts';
import type { CastRemoteHarness } from './cast-remote.ts';

const remote = {
  harness: null as CastRemoteHarness | null,
  url: '',
  calls: [] as string[],
};

// The framework's side is the journeys' (tests/e2e/cast.spec.ts); here, the host's decisions.
vi.mock('./cast-remote.ts', () => ({
  CastRemote: {
    load: async (url: string, harness: CastRemoteHarness) => {
      remote.url = url;
      remote.harness = harness;
      const call =
        (name: string) =>
        (...args: unknown[]) =>
          void remote.calls.push(
            `${name}(${args.map((a) => (typeof a === 'object' ? JSON.stringify(a) : a)).join(',')})`,
          );
      return {
        requestSession: call('requestSession'),
        load: call('load'),
        play: call('play'),
        pause: call('pause'),
        setVolume: call('setVolume'),
        setMuted: call('setMuted'),
        endSession: call('endSession'),
        destroy: call('destroy'),
      };
    },
  },
}));

const clock = { now: 0 };

async function setUp(sdkUrl: string | null = '/cast/sender.js') {
  clock.now = 0;
  remote.harness = null;
  remote.calls = [];
  const harness = {
    env: {
      timers: { setTimeout, clearTimeout, setInterval, clearInterval },
      monotonic: () => clock.now,
      logger: { warn: vi.fn(), error: vi.fn() },
    },
    onStatus: vi.fn(),
    currentUrl: vi.fn(() => 'http://127.0.0.1/hls/studio-live/master.m3u8'),
    onConnected: vi.fn(),
    resumeLocal: vi.fn(),
    onRemotePlayback: vi.fn(),
    onError: vi.fn(),
  } satisfies CastHostHarness;
  const host = new CastHost(sdkUrl ? { sdkUrl } : undefined, harness);
  host.start({} as HTMLVideoElement);
  await vi.dynamicImportSettled();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { host, harness, framework: () => remote.harness! };
}

describe('CastHost', () => {
  it('loads nothing without an SDK URL, and stays unavailable', async () => {
    const { host } = await setUp(null);
    expect(remote.harness).toBeNull();
    expect(host.status).toEqual({ state: 'unavailable', receiver: null });
  });

  it('hands the stream to the player when the session starts, and loads what the chromecast sink asks for', async () => {
    const { host, harness, framework } = await setUp();
    framework().onEvent({ type: 'availability', available: true });
    host.request();
    expect(remote.calls).toEqual(['requestSession()']);
    framework().onReceiver('Living Room TV');
    framework().onEvent({ type: 'session-started' });
    expect(host.status).toEqual({ state: 'connected', receiver: 'Living Room TV' });
    expect(harness.onConnected).toHaveBeenCalledWith('http://127.0.0.1/hls/studio-live/master.m3u8');
    // Nothing plays there until the player's chromecast sink loads it.
    expect(remote.calls).toEqual(['requestSession()']);
    host.loadRemote('http://127.0.0.1/hls/studio-live/master.m3u8');
    expect(remote.calls).toContain('load(http://127.0.0.1/hls/studio-live/master.m3u8)');
  });

  it('passes the controls to the receiver, and its playback to the player', async () => {
    const { host, harness, framework } = await setUp();
    framework().onEvent({ type: 'availability', available: true });
    host.request();
    framework().onEvent({ type: 'session-started' });
    host.pause();
    host.setVolume(0.5);
    host.setMuted(true);
    expect(remote.calls.slice(-3)).toEqual(['pause()', 'setVolume(0.5)', 'setMuted(true)']);
    const playback = { state: PlayerState.Playing, paused: false, volume: 0.5, muted: true };
    framework().onPlayback(playback);
    expect(harness.onRemotePlayback).toHaveBeenCalledWith(playback);
  });

  it('brings playback home when the session ends', async () => {
    const { host, harness, framework } = await setUp();
    framework().onEvent({ type: 'availability', available: true });
    host.request();
    framework().onEvent({ type: 'session-started' });
    framework().onEvent({ type: 'session-ended', reason: 'dropped' });
    expect(harness.resumeLocal).toHaveBeenCalledWith('http://127.0.0.1/hls/studio-live/master.m3u8');
    expect(host.status.state).toBe('available');
  });

  it('remembers the receivers going during a session: no button after it', async () => {
    const { host, framework } = await setUp();
    framework().onEvent({ type: 'availability', available: true });
    host.request();
    framework().onEvent({ type: 'session-started' });
    framework().onEvent({ type: 'availability', available: false });
    expect(host.status.state).toBe('connected');
    framework().onEvent({ type: 'session-ended', reason: 'stopped' });
    expect(host.status.state).toBe('unavailable');
    framework().onEvent({ type: 'availability', available: true });
    expect(host.status.state).toBe('available');
  });

  it('ends its session when destroyed, and says nothing after', async () => {
    const { host, harness, framework } = await setUp();
    framework().onEvent({ type: 'availability', available: true });
    host.request();
    framework().onEvent({ type: 'session-started' });
    harness.onStatus.mockClear();
    host.destroy();
    expect(remote.calls.slice(-2)).toEqual(['endSession(true)', 'destroy({"endPendingSession":false})']);
    expect(host.status).toEqual({ state: 'unavailable', receiver: null });
    framework().onEvent({ type: 'session-ended', reason: 'stopped' });
    framework().onEvent({ type: 'availability', available: true });
    framework().onReceiver('Kitchen');
    framework().onPlayback({ state: PlayerState.Playing, paused: false, volume: 1, muted: false });
    expect(harness.onStatus).not.toHaveBeenCalled();
    expect(harness.resumeLocal).not.toHaveBeenCalled();
    expect(harness.onRemotePlayback).not.toHaveBeenCalled();
  });

  it('leaves the session alone when destroyed without one', async () => {
    const { host, framework } = await setUp();
    framework().onEvent({ type: 'availability', available: true });
    host.destroy();
    expect(remote.calls).toEqual(['destroy({"endPendingSession":false})']);
  });

  it('has a session still opening ended once it starts, when destroyed while connecting', async () => {
    const { host, framework } = await setUp();
    framework().onEvent({ type: 'availability', available: true });
    host.request();
    host.destroy();
    expect(remote.calls).toEqual(['requestSession()', 'destroy({"endPendingSession":true})']);
  });

  it('shows the viewer’s sound over a receiver’s report sent before the request', async () => {
    const { host, harness, framework } = await setUp();
    framework().onEvent({ type: 'availability', available: true });
    host.request();
    framework().onEvent({ type: 'session-started' });
    host.setMuted(true);
    host.setVolume(0.4);
    const report = (volume: number, muted: boolean) =>
      framework().onPlayback({ state: PlayerState.Playing, paused: false, volume, muted });
    report(1, false);
    expect(harness.onRemotePlayback).toHaveBeenLastCalledWith(expect.objectContaining({ volume: 0.4, muted: true }));
    report(0.4, true);
    clock.now = 5000;
    // Confirmed, then the receiver's own changes come through.
    report(0.8, true);
    expect(harness.onRemotePlayback).toHaveBeenLastCalledWith(expect.objectContaining({ volume: 0.8, muted: true }));
  });

  it('reports a refused session with the spec’s message and keeps playback local', async () => {
    const { host, harness, framework } = await setUp();
    framework().onEvent({ type: 'availability', available: true });
    host.request();
    framework().onEvent({ type: 'failed', code: 'session_error' });
    expect(harness.onError).toHaveBeenCalledWith('Chromecast session error');
    expect(harness.onConnected).not.toHaveBeenCalled();
  });

  it('closes the session and comes home when the receiver cannot load the media', async () => {
    const { host, harness, framework } = await setUp();
    framework().onEvent({ type: 'availability', available: true });
    host.request();
    framework().onEvent({ type: 'session-started' });
    framework().onEvent({ type: 'failed', code: 'load_media_failed' });
    expect(remote.calls).toContain('endSession(true)');
    expect(harness.resumeLocal).toHaveBeenCalledTimes(1);
    expect(harness.onError).toHaveBeenCalledWith('Chromecast load media failed');
  });
});
