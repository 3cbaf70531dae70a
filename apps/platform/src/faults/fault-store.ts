/**
 * In-memory fault and request-log state per channel. One store per platform instance; the
 * admin routes write it, the injector's hooks read and count down.
 */

import { consume, createFault, refund, selectFault, type Fault, type OriginRequest } from './fault-rules.ts';
import type { FaultSpec } from './fault-spec.ts';
import { DEFAULT_LOG_CAPACITY, RequestLog, type NewLogEntry, type RequestLogEntry } from './request-log.ts';

export interface FaultStoreOptions {
  /** Requests kept per channel (default 200). */
  logCapacity?: number;
  /**
   * Channels tracked at once (default 256). Only reached when the injector is not told which
   * channels exist and something requests many made-up slugs; the oldest is forgotten.
   */
  maxChannels?: number;
}

interface ChannelState {
  faults: Fault[];
  log: RequestLog;
}

const key = (slug: string) => slug.toLowerCase();

export class FaultStore {
  readonly #channels = new Map<string, ChannelState>();
  readonly #logCapacity: number;
  readonly #maxChannels: number;
  #nextId = 1;

  constructor(options: FaultStoreOptions = {}) {
    this.#logCapacity = options.logCapacity ?? DEFAULT_LOG_CAPACITY;
    this.#maxChannels = options.maxChannels ?? 256;
  }

  #state(slug: string): ChannelState {
    const k = key(slug);
    let state = this.#channels.get(k);
    if (!state) {
      state = { faults: [], log: new RequestLog(this.#logCapacity) };
      this.#channels.set(k, state);
      if (this.#channels.size > this.#maxChannels) {
        const oldest = this.#channels.keys().next().value;
        if (oldest !== undefined) this.#channels.delete(oldest);
      }
    }
    return state;
  }

  /** Adds a fault after the existing ones (so it is consulted last) and returns it. */
  add(slug: string, spec: FaultSpec): Fault {
    const fault = createFault(`f${this.#nextId++}`, spec);
    this.#state(slug).faults.push(fault);
    return { ...fault };
  }

  /** Every fault of the channel in the order added, spent ones included (`remaining: 0`). */
  list(slug: string): Fault[] {
    return (this.#channels.get(key(slug))?.faults ?? []).map((f) => ({ ...f }));
  }

  /** Removes one fault; false when the channel has no fault with that id. */
  remove(slug: string, id: string): boolean {
    const state = this.#channels.get(key(slug));
    const index = state?.faults.findIndex((f) => f.id === id) ?? -1;
    if (!state || index === -1) return false;
    state.faults.splice(index, 1);
    return true;
  }

  clear(slug: string): void {
    const state = this.#channels.get(key(slug));
    if (state) state.faults = [];
  }

  /**
   * The fault that applies to `request`, already counted as used (so concurrent requests
   * cannot both take a fault's last use). Undefined when none applies.
   */
  take(request: OriginRequest): Fault | undefined {
    const state = this.#channels.get(key(request.slug));
    if (!state) return undefined;
    const chosen = selectFault(state.faults, request);
    if (!chosen) return undefined;
    const used = consume(chosen);
    state.faults[state.faults.indexOf(chosen)] = used;
    return { ...used };
  }

  /** Gives back a use taken by `take` that ended up having no effect. */
  giveBack(slug: string, id: string): void {
    const state = this.#channels.get(key(slug));
    const index = state?.faults.findIndex((f) => f.id === id) ?? -1;
    const fault = state?.faults[index];
    if (state && fault) state.faults[index] = refund(fault);
  }

  /** Records an origin request; see {@link RequestLog.add} for updating it later. */
  logRequest(slug: string, entry: NewLogEntry): RequestLogEntry {
    return this.#state(slug).log.add(entry);
  }

  requests(slug: string, since = 0): RequestLogEntry[] {
    return this.#channels.get(key(slug))?.log.list(since) ?? [];
  }

  clearRequests(slug: string): void {
    this.#channels.get(key(slug))?.log.clear();
  }
}
