/**
 * State of one client socket: its id, the channels it joined, and the server side of the
 * protocol's activity check, a small state machine:
 *
 *   active ──(activity timeout of client silence)──▶ awaiting-pong   (we sent pusher:ping)
 *   awaiting-pong ──(any client message)──▶ active
 *   awaiting-pong ──(pong timeout)──▶ timed-out                       (socket closed with 4201)
 *   any ──stop()──▶ stopped
 *
 * Any message counts as a sign of life, not only `pusher:pong`, as in pusher-js's own check.
 * The socket is not touched here: the owner gets `ping` and `timedOut` callbacks.
 */

import type { RealtimeTimings } from './realtime-config.ts';

export type ActivityState = 'active' | 'awaiting-pong' | 'timed-out' | 'stopped';

export interface ActivityCallbacks {
  ping(): void;
  timedOut(): void;
}

export type ActivityTimings = Pick<RealtimeTimings, 'activityTimeoutS' | 'pongTimeoutMs'>;

export class ConnectionState {
  readonly socketId: string;
  readonly #channels = new Set<string>();
  readonly #timings: ActivityTimings;
  readonly #callbacks: ActivityCallbacks;
  #activity: ActivityState = 'active';
  #timer: NodeJS.Timeout | undefined;

  constructor(socketId: string, timings: ActivityTimings, callbacks: ActivityCallbacks) {
    this.socketId = socketId;
    this.#timings = timings;
    this.#callbacks = callbacks;
    this.#arm(timings.activityTimeoutS * 1000, () => this.#silent());
  }

  get activity(): ActivityState {
    return this.#activity;
  }

  get channels(): ReadonlySet<string> {
    return this.#channels;
  }

  /** The client sent something: it is alive, whatever we were waiting for. */
  touched(): void {
    if (this.#activity === 'stopped' || this.#activity === 'timed-out') return;
    this.#activity = 'active';
    this.#arm(this.#timings.activityTimeoutS * 1000, () => this.#silent());
  }

  joined(channel: string): void {
    this.#channels.add(channel);
  }

  left(channel: string): void {
    this.#channels.delete(channel);
  }

  isIn(channel: string): boolean {
    return this.#channels.has(channel);
  }

  /** The socket is gone; no callback fires after this. */
  stop(): void {
    this.#activity = 'stopped';
    this.#clear();
  }

  #silent(): void {
    this.#activity = 'awaiting-pong';
    this.#arm(this.#timings.pongTimeoutMs, () => {
      this.#activity = 'timed-out';
      this.#timer = undefined;
      this.#callbacks.timedOut();
    });
    this.#callbacks.ping();
  }

  #arm(ms: number, fire: () => void): void {
    this.#clear();
    this.#timer = setTimeout(fire, ms);
    // A forgotten socket must not keep a test run or a shutting-down process alive.
    this.#timer.unref();
  }

  #clear(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
