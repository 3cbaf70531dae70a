import { NO_IDENTITY, type RequestIdentity } from '../../rules/request-identity.ts';
import type { Timers } from '../../types/environment.ts';
import type { ServiceWorkerConfig } from '../../live-sw/sw-config.ts';
import {
  envelope,
  isWorkerMessage,
  SW_HEARTBEAT_INTERVAL_MS,
  SW_HEARTBEAT_TIMEOUT_MS,
  type AvailableSegment,
  type HostToWorker,
  type ManifestLoadAnalytics,
  type ServiceWorkerHostState,
  type ServiceWorkerState,
  type WorkerToHost,
} from '../../live-sw/sw-messages.ts';

/** The part of `navigator.serviceWorker` the host uses (injectable: sw-host.test.ts fakes it). */
export interface WorkerContainer {
  register(url: string): Promise<unknown>;
  readonly controller: { postMessage(message: unknown): void } | null;
  addEventListener(type: 'message' | 'controllerchange', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message' | 'controllerchange', listener: (event: MessageEvent) => void): void;
  startMessages?(): void;
}

/** What the host tells its sink: a narrow callback interface. */
export interface WorkerHostHarness {
  onHostState(state: ServiceWorkerHostState, reason?: string): void;
  onWorkerState(state: ServiceWorkerState): void;
  onManifestLoad(analytics: ManifestLoadAnalytics): void;
  onSegments(segments: AvailableSegment[], targetDuration: number): void;
  /** The worker stopped answering: the sink plays on without it. */
  onLost(reason: string): void;
}

/** Registration, take-over and the first configure each get this long before the host gives up. */
export const SW_START_TIMEOUT_MS = 5_000;

/**
 * The page's side of the live-manifest worker (SPEC §4 host states pending → installing →
 * ready / error): registers the worker, waits until it controls the page, configures it for
 * one source, and keeps it honest with a heartbeat every 10 000 ms. A heartbeat answered by a
 * worker that no longer knows the page (the browser restarted it) configures it again; one not
 * answered at all is a lost worker, reported once.
 */
export class ServiceWorkerHost {
  state: ServiceWorkerHostState = 'pending';
  workerState: ServiceWorkerState = 'pending';
  /** Why the host is in error, for the log. */
  lastReason = '';
  #config: ServiceWorkerConfig | null = null;
  #source = '';
  /** Who is watching: sent with each configure and whenever it changes. */
  #identity: RequestIdentity = NO_IDENTITY;
  #heartbeat: unknown = null;
  #answerDue: unknown = null;
  #waiting: ((state: ServiceWorkerState) => void) | null = null;
  #destroyed = false;

  constructor(
    private readonly container: WorkerContainer,
    private readonly timers: Timers,
    private readonly harness: WorkerHostHarness,
  ) {}

  /** Resolves true once the worker is active for this page; false (state error) when it cannot be used. */
  async start(config: ServiceWorkerConfig, source: string, identity: RequestIdentity = NO_IDENTITY): Promise<boolean> {
    this.#config = config;
    this.#source = source;
    this.#identity = identity;
    this.container.addEventListener('message', this.#onMessage);
    this.container.startMessages?.();
    this.#setState('installing');
    try {
      await this.#within(this.container.register(config.url), 'registering the worker');
      if (!this.container.controller) await this.#within(this.#controllerChange(), 'the worker taking over the page');
    } catch (error) {
      return this.#fail(error instanceof Error ? error.message : String(error));
    }
    if (this.#destroyed) return false;
    this.#setState('ready');
    const state = await this.#configure(false);
    if (state !== 'active') return this.#fail(`the worker did not become active (${state})`);
    this.#heartbeat = this.timers.setInterval(() => this.#beat(), SW_HEARTBEAT_INTERVAL_MS);
    return true;
  }

  /**
   * A new playback of the same source (a reload at the live edge): the worker forgets what it
   * gave the native player, so its next answer places the start again.
   */
  async restart(): Promise<boolean> {
    if (this.#destroyed || this.state !== 'ready') return false;
    return (await this.#configure(false)) === 'active';
  }

  /** Who is watching changed (the page's setAuthToken …): the worker's next requests upstream carry it. */
  setIdentity(identity: RequestIdentity): void {
    this.#identity = identity;
    if (this.state === 'ready') this.#post({ type: 'setIdentity', identity });
  }

  /** SPEC §7 debug: the worker holds its next media playlist answer this long. */
  delayNextMediaManifest(delayInMs: number): void {
    this.#post({ type: 'debug', delayNextMediaManifest: { delayInMs } });
  }

  setLogConfig(debug: boolean): void {
    this.#post({ type: 'setLogConfig', debug });
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#post({ type: 'destroy' });
    this.#stopTimers();
    this.container.removeEventListener('message', this.#onMessage);
    this.#waiting?.('error');
  }

  #beat(): void {
    if (this.#answerDue !== null) return;
    this.#answerDue = this.timers.setTimeout(() => this.#lost(), SW_HEARTBEAT_TIMEOUT_MS);
    this.#post({ type: 'heartbeat' });
  }

  #lost(): void {
    this.#answerDue = null;
    if (this.#destroyed || this.state === 'error') return;
    this.#stopTimers();
    // Best effort: a worker that still hears us stops rewriting for this page at once; one that
    // does not lets the page's lease run out (sw-messages.ts SW_CLIENT_LEASE_MS).
    this.#post({ type: 'destroy' });
    this.#setState('error', 'stopped answering heartbeats');
    this.harness.onLost('The live-manifest worker stopped answering heartbeats');
  }

  readonly #onMessage = (event: MessageEvent): void => {
    const message = event.data as unknown;
    if (this.#destroyed || !isWorkerMessage(message)) return;
    this.#handle(message);
  };

  #handle(message: WorkerToHost): void {
    switch (message.type) {
      case 'stateChanged':
        return this.#workerStateChanged(message.state);
      case 'manifestLoadAnalytics':
        return this.harness.onManifestLoad(message.analytics);
      case 'availableSegments':
        return this.harness.onSegments(message.segments, message.targetDuration);
    }
  }

  #workerStateChanged(state: ServiceWorkerState): void {
    this.workerState = state;
    this.harness.onWorkerState(state);
    if (this.#answerDue !== null) {
      this.timers.clearTimeout(this.#answerDue);
      this.#answerDue = null;
      // Answered, but by a worker that lost this page (restarted): the same playback goes on.
      if (state === 'ready' && this.state === 'ready') void this.#configure(true);
    }
    if (state === 'active' || state === 'error') {
      const resolve = this.#waiting;
      this.#waiting = null;
      resolve?.(state);
    }
  }

  #configure(resume: boolean): Promise<ServiceWorkerState> {
    let timer: unknown = null;
    const answer = new Promise<ServiceWorkerState>((resolve) => {
      this.#waiting = resolve;
      timer = this.timers.setTimeout(() => resolve('pending'), SW_START_TIMEOUT_MS);
    });
    this.#post({ type: 'configure', config: this.#config!, source: this.#source, resume, identity: this.#identity });
    return answer.finally(() => this.timers.clearTimeout(timer));
  }

  #controllerChange(): Promise<void> {
    return new Promise((resolve) => {
      const listener = () => {
        this.container.removeEventListener('controllerchange', listener);
        resolve();
      };
      this.container.addEventListener('controllerchange', listener);
    });
  }

  #within<T>(promise: Promise<T>, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = this.timers.setTimeout(
        () => reject(new Error(`${what} took longer than ${SW_START_TIMEOUT_MS} ms`)),
        SW_START_TIMEOUT_MS,
      );
      promise.then(
        (value) => (this.timers.clearTimeout(timer), resolve(value)),
        (error: unknown) => (this.timers.clearTimeout(timer), reject(error)),
      );
    });
  }

  #post(message: HostToWorker): void {
    this.container.controller?.postMessage(envelope(message));
  }

  #fail(reason: string): false {
    this.#stopTimers();
    this.#setState('error', reason);
    return false;
  }

  #setState(state: ServiceWorkerHostState, reason?: string): void {
    this.state = state;
    if (reason) this.lastReason = reason;
    this.harness.onHostState(state, reason);
  }

  #stopTimers(): void {
    if (this.#heartbeat !== null) this.timers.clearInterval(this.#heartbeat);
    if (this.#answerDue !== null) this.timers.clearTimeout(this.#answerDue);
    this.#heartbeat = null;
    this.#answerDue = null;
  }
}
