import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemotePlayback } from '../types/payloads.ts';
import { PlayerState } from '../types/state.ts';
import { CastProxy, type CastProxyHarness } from './cast-proxy.ts';
import type { CastHostHarness, CastStatus } from './cast-types.ts';

/** The cast host the proxy loads on start: its status is the test's, its calls are recorded. */
const fake = {
  status: { state: 'available', receiver: null } as CastStatus,
  harness: null as CastHostHarness | null,
  calls: [] as string[],
};

vi.mock('./cast-host.ts', () => ({
  CastHost: class {
    constructor(_config: unknown, harness: CastHostHarness) {
      fake.harness = harness;
    }
    get status(): CastStatus {
      return fake.status;
    }
    start = () => void fake.calls.push('start');
    request = () => void fake.calls.push('request');
    stop = () => void fake.calls.push('stop');
    loadRemote = (url: string) => void fake.calls.push(`loadRemote ${url}`);
    destroy = () => void fake.calls.push('destroy');
  },
}));

const CONNECTED: CastStatus = { state: 'connected', receiver: 'Living Room TV' };
const PLAYING: RemotePlayback = { state: PlayerState.Playing, paused: false, volume: 1, muted: false };

async function started() {
  const harness: CastProxyHarness = {
    // Read when called, so the proxy's timer is vitest's fake one.
    env: {
      timers: {
        setTimeout: (fn: () => void, ms?: number) => setTimeout(fn, ms),
        clearTimeout: (id?: ReturnType<typeof setTimeout>) => clearTimeout(id),
        setInterval: (fn: () => void, ms?: number) => setInterval(fn, ms),
        clearInterval: (id?: ReturnType<typeof setInterval>) => clearInterval(id),
      } as CastProxyHarness['env']['timers'],
      monotonic: () => 0,
      logger: { warn: vi.fn(), error: vi.fn() } as unknown as CastProxyHarness['env']['logger'],
    },
    onStatus: vi.fn(),
    currentUrl: () => null,
    onConnected: vi.fn(),
    resumeLocal: vi.fn(),
    onError: vi.fn(),
  };
  const proxy = new CastProxy({ sdkUrl: '/cast/sender.js' }, harness);
  proxy.start({} as HTMLVideoElement);
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
  expect(fake.calls).toEqual(['start']);
  fake.calls = [];
  return proxy;
}

/** A sink's listener: what the receiver reports to it. */
function listener() {
  const reports: RemotePlayback[] = [];
  return { reports, fn: (playback: RemotePlayback) => void reports.push(playback) };
}

beforeEach(() => {
  vi.useFakeTimers();
  fake.status = { state: 'available', receiver: null };
  fake.harness = null;
  fake.calls = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('CastProxy as the chromecast sink’s link', () => {
  it('passes the receiver’s playback to the sink attached, and to none once it detached', async () => {
    const proxy = await started();
    const sink = listener();
    proxy.attach(sink.fn);
    fake.harness!.onRemotePlayback(PLAYING);
    expect(sink.reports).toEqual([PLAYING]);
    proxy.detach(sink.fn);
    fake.harness!.onRemotePlayback({ ...PLAYING, paused: true });
    expect(sink.reports).toEqual([PLAYING]);
  });

  it('keeps the session when a sink is replaced in the same task (a new source on the receiver)', async () => {
    const proxy = await started();
    fake.status = CONNECTED;
    const first = listener();
    const second = listener();
    proxy.attach(first.fn);
    // The player ends the old session (its sink goes) before the new one loads.
    proxy.detach(first.fn);
    proxy.attach(second.fn);
    // The old sink detaching late must not take the new one's place away.
    proxy.detach(first.fn);
    await vi.runAllTimersAsync();
    expect(fake.calls).toEqual([]);
    fake.harness!.onRemotePlayback(PLAYING);
    expect(second.reports).toEqual([PLAYING]);
    expect(first.reports).toEqual([]);
  });

  it('ends a connected session once its sink goes with none after it, not before the task ends', async () => {
    const proxy = await started();
    fake.status = CONNECTED;
    const sink = listener();
    proxy.attach(sink.fn);
    proxy.detach(sink.fn);
    expect(fake.calls).toEqual([]);
    await vi.runAllTimersAsync();
    expect(fake.calls).toEqual(['stop']);
  });

  it('ends nothing when no session is connected (it went already, or is still opening)', async () => {
    const proxy = await started();
    for (const state of ['available', 'connecting'] as const) {
      fake.status = { state, receiver: null };
      const sink = listener();
      proxy.attach(sink.fn);
      proxy.detach(sink.fn);
      await vi.runAllTimersAsync();
    }
    expect(fake.calls).toEqual([]);
  });
});
