import { NO_IDENTITY } from '../../rules/request-identity.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Timers } from '../../types/environment.ts';
import { defaultServiceWorkerConfig, type ServiceWorkerConfig } from '../../live-sw/sw-config.ts';
import { SW_START_TIMEOUT_MS, ServiceWorkerHost, type WorkerContainer, type WorkerHostHarness } from './sw-host.ts';
import {
  envelope,
  SW_CHANNEL,
  SW_HEARTBEAT_INTERVAL_MS,
  SW_HEARTBEAT_TIMEOUT_MS,
  type HostToWorker,
  type ServiceWorkerState,
  type WorkerToHost,
} from '../../live-sw/sw-messages.ts';

const CONFIG: ServiceWorkerConfig = { url: '/live-manifest-sw.js', ...defaultServiceWorkerConfig(false) };
const SOURCE = 'https://origin.example/hls/ch/master.m3u8';

type Listener = (event: MessageEvent) => void;

/** navigator.serviceWorker as the host sees it: register, a controller that records what it is sent. */
class FakeContainer implements WorkerContainer {
  controller: { postMessage: (message: unknown) => void } | null = null;
  readonly sent: HostToWorker[] = [];
  readonly register = vi.fn<(url: string) => Promise<unknown>>(() => Promise.resolve({}));
  readonly #listeners = new Map<string, Set<Listener>>();

  constructor(controlled = true) {
    if (controlled) this.takeOver();
  }

  /** The worker controls the page from now on (its messages reach it). */
  takeOver(): void {
    this.controller = { postMessage: (message) => this.sent.push(message as HostToWorker) };
  }

  addEventListener(type: string, listener: Listener): void {
    if (!this.#listeners.has(type)) this.#listeners.set(type, new Set());
    this.#listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.#listeners.get(type)?.delete(listener);
  }

  listeners(type: string): number {
    return this.#listeners.get(type)?.size ?? 0;
  }

  dispatch(type: 'message' | 'controllerchange', data?: unknown): void {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) listener({ data } as MessageEvent);
  }

  /** A message from the worker, in its envelope. */
  reply(message: WorkerToHost): void {
    this.dispatch('message', envelope(message));
  }

  state(state: ServiceWorkerState): void {
    this.reply({ type: 'stateChanged', state });
  }

  types(): string[] {
    return this.sent.map((m) => m.type);
  }

  configures(): { resume: boolean; source: string; config: ServiceWorkerConfig }[] {
    return this.sent.flatMap((m) => (m.type === 'configure' ? [m] : []));
  }
}

/** The Timers the host gets, backed by the (fake) timers of the global scope. */
const TIMERS: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

function harness() {
  return {
    onHostState: vi.fn<WorkerHostHarness['onHostState']>(),
    onWorkerState: vi.fn<WorkerHostHarness['onWorkerState']>(),
    onManifestLoad: vi.fn<WorkerHostHarness['onManifestLoad']>(),
    onSegments: vi.fn<WorkerHostHarness['onSegments']>(),
    onLost: vi.fn<WorkerHostHarness['onLost']>(),
  };
}

/** Lets the host's promise chains run (no time passes). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** A host started and active: the usual starting point of the heartbeat tests. */
async function started() {
  const container = new FakeContainer();
  const h = harness();
  const host = new ServiceWorkerHost(container, TIMERS, h);
  const result = host.start(CONFIG, SOURCE);
  await settle();
  container.state('active');
  expect(await result).toBe(true);
  container.sent.length = 0;
  return { container, h, host };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ServiceWorkerHost.start', () => {
  it('configures with who is watching, and tells the worker when that changes', async () => {
    const container = new FakeContainer();
    const host = new ServiceWorkerHost(container, TIMERS, harness());
    const identity = { ...NO_IDENTITY, authToken: 'jwt-1' };
    const result = host.start(CONFIG, SOURCE, identity);
    await settle();
    expect(container.sent).toEqual([
      envelope({ type: 'configure', config: CONFIG, source: SOURCE, resume: false, identity }),
    ]);
    container.state('active');
    expect(await result).toBe(true);
    host.setIdentity({ ...identity, authToken: 'jwt-2' });
    expect(container.sent.at(-1)).toEqual(
      envelope({ type: 'setIdentity', identity: { ...identity, authToken: 'jwt-2' } }),
    );
    host.destroy();
  });

  it('registers, configures the worker for the source and resolves true once it is active', async () => {
    const container = new FakeContainer();
    const h = harness();
    const host = new ServiceWorkerHost(container, TIMERS, h);
    expect(host.state).toBe('pending');

    const result = host.start(CONFIG, SOURCE);
    await settle();
    expect(container.register).toHaveBeenCalledWith('/live-manifest-sw.js');
    expect(container.sent).toEqual([
      envelope({ type: 'configure', config: CONFIG, source: SOURCE, resume: false, identity: NO_IDENTITY }),
    ]);

    container.state('configuring');
    container.state('active');
    expect(await result).toBe(true);
    expect(host.state).toBe('ready');
    expect(host.workerState).toBe('active');
    expect(h.onHostState.mock.calls.map(([state]) => state)).toEqual(['installing', 'ready']);
    expect(h.onWorkerState.mock.calls.map(([state]) => state)).toEqual(['configuring', 'active']);
  });

  it('waits for the worker to take over a page it does not control yet', async () => {
    const container = new FakeContainer(false);
    const host = new ServiceWorkerHost(container, TIMERS, harness());
    const result = host.start(CONFIG, SOURCE);
    await settle();
    expect(container.register).toHaveBeenCalledTimes(1);
    expect(host.state).toBe('installing');
    expect(container.listeners('controllerchange')).toBe(1);

    container.takeOver();
    container.dispatch('controllerchange');
    await settle();
    expect(container.types()).toEqual(['configure']);
    expect(container.listeners('controllerchange')).toBe(0);
    container.state('active');
    expect(await result).toBe(true);
  });

  it('fails when the registration is refused', async () => {
    const container = new FakeContainer();
    container.register.mockRejectedValue(new Error('SecurityError: scope not allowed'));
    const h = harness();
    const host = new ServiceWorkerHost(container, TIMERS, h);
    expect(await host.start(CONFIG, SOURCE)).toBe(false);
    expect(host.state).toBe('error');
    expect(host.lastReason).toBe('SecurityError: scope not allowed');
    expect(h.onHostState).toHaveBeenLastCalledWith('error', 'SecurityError: scope not allowed');
    expect(container.types()).toEqual([]);
  });

  it('gives up when the worker never takes over the page', async () => {
    const container = new FakeContainer(false);
    const host = new ServiceWorkerHost(container, TIMERS, harness());
    const result = host.start(CONFIG, SOURCE);
    await vi.advanceTimersByTimeAsync(SW_START_TIMEOUT_MS - 1);
    expect(host.state).toBe('installing');
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe(false);
    expect(host.state).toBe('error');
    expect(host.lastReason).toBe(`the worker taking over the page took longer than ${SW_START_TIMEOUT_MS} ms`);
  });

  it('fails when no active state comes within the start timeout', async () => {
    const container = new FakeContainer();
    const h = harness();
    const host = new ServiceWorkerHost(container, TIMERS, h);
    let resolved: boolean | null = null;
    void host.start(CONFIG, SOURCE).then((value) => (resolved = value));
    await settle();
    container.state('configuring');
    await vi.advanceTimersByTimeAsync(SW_START_TIMEOUT_MS - 1);
    expect(resolved).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(false);
    expect(host.state).toBe('error');
    expect(host.lastReason).toBe('the worker did not become active (pending)');
    expect(h.onHostState.mock.calls.map(([state]) => state)).toEqual(['installing', 'ready', 'error']);
    // A host that failed to start sends no heartbeats.
    await vi.advanceTimersByTimeAsync(3 * SW_HEARTBEAT_INTERVAL_MS);
    expect(container.types()).toEqual(['configure']);
  });

  it('fails at once when the worker reports an error for the configure', async () => {
    const container = new FakeContainer();
    const host = new ServiceWorkerHost(container, TIMERS, harness());
    const result = host.start(CONFIG, SOURCE);
    await settle();
    container.state('error');
    expect(await result).toBe(false);
    expect(host.lastReason).toBe('the worker did not become active (error)');
  });

  it('ignores messages without the channel envelope', async () => {
    const container = new FakeContainer();
    const h = harness();
    const host = new ServiceWorkerHost(container, TIMERS, h);
    let resolved: boolean | null = null;
    void host.start(CONFIG, SOURCE).then((value) => (resolved = value));
    await settle();
    container.dispatch('message', { type: 'stateChanged', state: 'active' });
    container.dispatch('message', { type: 'stateChanged', state: 'active', channel: 'someone-else' });
    container.dispatch('message', { channel: SW_CHANNEL, type: 'configure', state: 'active' });
    container.dispatch('message', 'active');
    await settle();
    expect(resolved).toBeNull();
    expect(h.onWorkerState).not.toHaveBeenCalled();
    container.state('active');
    await settle();
    expect(resolved).toBe(true);
  });
});

describe('ServiceWorkerHost messages', () => {
  it('passes manifest loads and available segments to the harness', async () => {
    const { container, h } = await started();
    const analytics = {
      url: `${SOURCE}`,
      kind: 'multivariant' as const,
      fromCache: true,
      totalMs: 3,
      heldMs: 0,
      delayedMs: 0,
      segments: 0,
      segmentsFromParts: 0,
    };
    container.reply({ type: 'manifestLoadAnalytics', analytics });
    const segments = [{ msn: 7, programDateTime: 1_000, duration: 2, requested: true }];
    container.reply({ type: 'availableSegments', segments, targetDuration: 2 });
    expect(h.onManifestLoad).toHaveBeenCalledWith(analytics);
    expect(h.onSegments).toHaveBeenCalledWith(segments, 2);
  });

  it('sends the debug delay and the log config to the worker', async () => {
    const { container, host } = await started();
    host.delayNextMediaManifest(1500);
    host.setLogConfig(true);
    expect(container.sent).toEqual([
      envelope({ type: 'debug', delayNextMediaManifest: { delayInMs: 1500 } }),
      envelope({ type: 'setLogConfig', debug: true }),
    ]);
  });
});

describe('ServiceWorkerHost heartbeat', () => {
  it('sends a heartbeat every 10 000 ms while the worker answers', async () => {
    const { container, h, host } = await started();
    await vi.advanceTimersByTimeAsync(SW_HEARTBEAT_INTERVAL_MS - 1);
    expect(container.types()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(container.sent).toEqual([envelope({ type: 'heartbeat' })]);

    container.state('active');
    await vi.advanceTimersByTimeAsync(SW_HEARTBEAT_INTERVAL_MS);
    container.state('active');
    await vi.advanceTimersByTimeAsync(SW_HEARTBEAT_INTERVAL_MS);
    container.state('active');
    expect(container.types()).toEqual(['heartbeat', 'heartbeat', 'heartbeat']);
    await vi.advanceTimersByTimeAsync(SW_HEARTBEAT_TIMEOUT_MS);
    expect(h.onLost).not.toHaveBeenCalled();
    expect(host.state).toBe('ready');
  });

  it('reports a worker that does not answer a heartbeat as lost, once, and stops', async () => {
    const { container, h, host } = await started();
    await vi.advanceTimersByTimeAsync(SW_HEARTBEAT_INTERVAL_MS + SW_HEARTBEAT_TIMEOUT_MS - 1);
    expect(h.onLost).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.onLost).toHaveBeenCalledTimes(1);
    expect(h.onLost).toHaveBeenCalledWith('The live-manifest worker stopped answering heartbeats');
    expect(container.types()).toEqual(['heartbeat', 'destroy']);
    expect(host.state).toBe('error');
    expect(h.onHostState).toHaveBeenLastCalledWith('error', 'stopped answering heartbeats');

    await vi.advanceTimersByTimeAsync(10 * SW_HEARTBEAT_INTERVAL_MS);
    expect(h.onLost).toHaveBeenCalledTimes(1);
    expect(container.types()).toEqual(['heartbeat', 'destroy']);
  });

  it('configures a restarted worker that lost the page again, as the same playback', async () => {
    const { container, h } = await started();
    await vi.advanceTimersByTimeAsync(SW_HEARTBEAT_INTERVAL_MS);
    container.state('ready');
    expect(container.sent).toEqual([
      envelope({ type: 'heartbeat' }),
      envelope({ type: 'configure', config: CONFIG, source: SOURCE, resume: true, identity: NO_IDENTITY }),
    ]);
    container.state('active');
    await vi.advanceTimersByTimeAsync(SW_HEARTBEAT_INTERVAL_MS);
    expect(container.types()).toEqual(['heartbeat', 'configure', 'heartbeat']);
    expect(h.onLost).not.toHaveBeenCalled();
  });

  it('does not configure again on a ready state that answers no heartbeat', async () => {
    const { container } = await started();
    container.state('ready');
    expect(container.types()).toEqual([]);
  });
});

describe('ServiceWorkerHost.restart', () => {
  it('configures the worker again as a new playback and resolves on active', async () => {
    const { container, host } = await started();
    const result = host.restart();
    expect(container.sent).toEqual([
      envelope({ type: 'configure', config: CONFIG, source: SOURCE, resume: false, identity: NO_IDENTITY }),
    ]);
    container.state('active');
    expect(await result).toBe(true);
  });

  it('resolves false when the worker does not become active again', async () => {
    const { container, host } = await started();
    const result = host.restart();
    await vi.advanceTimersByTimeAsync(SW_START_TIMEOUT_MS);
    expect(await result).toBe(false);
    expect(container.types()).toEqual(['configure']);
  });

  it('does nothing before the host is ready', async () => {
    const container = new FakeContainer();
    const host = new ServiceWorkerHost(container, TIMERS, harness());
    expect(await host.restart()).toBe(false);
    expect(container.types()).toEqual([]);
  });
});

describe('ServiceWorkerHost.destroy', () => {
  it('tells the worker, stops the heartbeat and ignores the worker from then on', async () => {
    const { container, h, host } = await started();
    host.destroy();
    expect(container.sent).toEqual([envelope({ type: 'destroy' })]);
    expect(container.listeners('message')).toBe(0);
    await vi.advanceTimersByTimeAsync(5 * SW_HEARTBEAT_INTERVAL_MS);
    expect(container.types()).toEqual(['destroy']);
    expect(h.onLost).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);

    host.destroy();
    expect(container.types()).toEqual(['destroy']);
  });

  it('clears a heartbeat that was waiting for its answer', async () => {
    const { container, h, host } = await started();
    await vi.advanceTimersByTimeAsync(SW_HEARTBEAT_INTERVAL_MS);
    host.destroy();
    await vi.advanceTimersByTimeAsync(SW_HEARTBEAT_TIMEOUT_MS);
    expect(h.onLost).not.toHaveBeenCalled();
    expect(container.types()).toEqual(['heartbeat', 'destroy']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends a start that is waiting for the worker with false', async () => {
    const container = new FakeContainer();
    const host = new ServiceWorkerHost(container, TIMERS, harness());
    const result = host.start(CONFIG, SOURCE);
    await settle();
    host.destroy();
    expect(await result).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
