/**
 * A channel's recent origin requests, so browser tests can assert what the player actually
 * did (retried after a 503, switched rendition, re-requested a corrupted segment).
 */

import type { FaultEffect } from './fault-spec.ts';
import type { RequestKind } from './fault-rules.ts';

export const DEFAULT_LOG_CAPACITY = 200;

export interface RequestLogEntry {
  /** Increases by one per request on this channel; poll with `?since=<seq>` for new ones. */
  seq: number;
  /** When the request arrived, ms since the epoch. */
  time: number;
  method: string;
  /** Path without the query. */
  path: string;
  /** Query without `?` (LL-HLS blocking reloads carry `_HLS_msn` here); '' when none. */
  query: string;
  kind: RequestKind;
  rendition: string | null;
  status: number;
  /** The fault that acted on the request and what it did; null when none did. */
  fault: { id: string; effects: FaultEffect[] } | null;
  /** Until the response finished or the client went away; null while it is still open. */
  durationMs: number | null;
  /** The connection closed before the whole body was sent (a stall the client gave up on). */
  aborted: boolean;
}

export type NewLogEntry = Omit<RequestLogEntry, 'seq'>;

/** Ring buffer of the last `capacity` entries. */
export class RequestLog {
  readonly #capacity: number;
  #entries: RequestLogEntry[] = [];
  #nextSeq = 1;

  constructor(capacity = DEFAULT_LOG_CAPACITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be >= 1: ${capacity}`);
    this.#capacity = capacity;
  }

  /**
   * Adds an entry and returns it. The returned object is the stored one, so the caller can
   * fill in `durationMs`/`aborted` when the response ends.
   */
  add(entry: NewLogEntry): RequestLogEntry {
    const stored: RequestLogEntry = { seq: this.#nextSeq++, ...entry };
    this.#entries.push(stored);
    if (this.#entries.length > this.#capacity) this.#entries.shift();
    return stored;
  }

  /** Oldest first; only entries with `seq > since` when given. Copies, safe to hand out. */
  list(since = 0): RequestLogEntry[] {
    return this.#entries
      .filter((e) => e.seq > since)
      .map((e) => ({ ...e, fault: e.fault && { ...e.fault, effects: [...e.fault.effects] } }));
  }

  /** Forgets the entries but keeps counting, so a test's `since` stays meaningful. */
  clear(): void {
    this.#entries = [];
  }
}
