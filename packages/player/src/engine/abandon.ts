import type { Timers } from '../types/environment.ts';
import type { ThroughputSample } from './abr.ts';
import type { TransferWatch } from './loader.ts';

/**
 * Abandoning a piece when throughput collapses (hls.js's "abandon rules", for parts).
 *
 * A piece that is still arriving after as long as it plays for is coming in slower than real
 * time: the buffer drains while it loads, and with a sub-second buffer the element stalls
 * before it is done. Waiting for the next independent part to switch down (the ABR rule's
 * only chance) costs every remaining part of the segment at the rate that cannot carry them:
 * 4 s of stall in one measured drop from 8 Mbps to 600 kbps. Instead the transfer is
 * abandoned, its bytes so far become a throughput sample (the true rate, not a guess), and the
 * engine loads the same segment again from its independent part in a lower rendition, whose
 * media replaces what the higher one had appended.
 */

/** Below this buffer ahead (s) a slow piece is worth abandoning; above it, it can finish. */
export const ABANDON_BUFFER_S = 2;
/**
 * Never judged before this long into the transfer (ms): a transfer's first bytes can be
 * bursty. Then looked at every ABANDON_CHECK_MS, so that a collapse is acted on while the
 * buffer still holds the time the lower rendition needs.
 */
export const ABANDON_MIN_MS = 100;
export const ABANDON_CHECK_MS = 50;
/**
 * What the step down itself costs before its first piece can play (ms): the lower rendition's
 * init segment and independent part, asked for at once over the collapsed link.
 */
export const STEP_DOWN_MARGIN_MS = 150;

export interface AbandonInput {
  /** Since the first byte (ms). */
  elapsedMs: number;
  /** Media seconds the piece holds. */
  durationS: number;
  /** Bytes arrived so far. */
  receivedBytes: number;
  /** The whole piece's size: its declared length, else its rendition's bitrate over its duration; null unknown. */
  expectedBytes: number | null;
  bufferAheadS: number;
  /** Whether a lower rendition exists to switch to (automatic quality only). */
  canStepDown: boolean;
}

/**
 * Whether a transfer still running after `elapsedMs` should be abandoned: it is arriving
 * slower than it plays (the buffer drains while it loads), and either it is already late (still
 * arriving after as long as it plays for), or, at its rate so far, the rest of it arrives after
 * the buffer ahead has run dry (hls.js's abandon rule: predicted from the transfer's progress,
 * before the stall rather than at it).
 */
export function shouldAbandon(input: AbandonInput): boolean {
  if (!input.canStepDown || input.bufferAheadS >= ABANDON_BUFFER_S || input.elapsedMs < ABANDON_MIN_MS) return false;
  const durationMs = input.durationS * 1000;
  if (input.elapsedMs >= durationMs) return true;
  const { receivedBytes: received, expectedBytes: expected } = input;
  // Nothing yet is no rate to predict from: the late rule above decides.
  if (expected === null || received <= 0 || received >= expected) return false;
  const remainingMs = ((expected - received) * input.elapsedMs) / received;
  const slowerThanItPlays = input.elapsedMs + remainingMs > durationMs;
  return slowerThanItPlays && remainingMs + STEP_DOWN_MARGIN_MS > input.bufferAheadS * 1000;
}

/** What a guard knows of its transfer when it asks whether to abandon it. */
export interface TransferProgress {
  elapsedMs: number;
  receivedBytes: number;
  /** The response's declared length, where it counts the bytes received; else null. */
  declaredBytes: number | null;
}

/**
 * Watches one piece's transfer: once its headers arrive it asks, ABANDON_MIN_MS in and every
 * ABANDON_CHECK_MS after, whether to abandon it (the owner's `decide`), and aborts it if so.
 */
export class TransferGuard {
  private readonly controller = new AbortController();
  private headersAt = Number.NaN;
  private bytes = 0;
  private expectedBytes: number | null = null;
  private timer: unknown = null;
  /** What was received when the transfer was abandoned; null while it was not. */
  abandoned: ThroughputSample | null = null;

  private readonly forward = () => this.controller.abort();

  constructor(
    private readonly deps: { timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>; monotonic(): number },
    private readonly parent: AbortSignal,
    private readonly durationS: number,
    private readonly decide: (progress: TransferProgress) => boolean,
  ) {
    if (parent.aborted) this.controller.abort();
    else parent.addEventListener('abort', this.forward, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  readonly watch: TransferWatch = {
    onHeaders: (expectedBytes) => {
      this.headersAt = this.deps.monotonic();
      this.bytes = 0;
      this.expectedBytes = expectedBytes;
      this.arm(ABANDON_MIN_MS);
    },
    onBytes: (total) => {
      this.bytes = total;
    },
  };

  /** The piece is done: no more checks, and nothing left on the generation's signal (one per piece, for hours). */
  cancel(): void {
    this.disarm();
    this.parent.removeEventListener('abort', this.forward);
  }

  private disarm(): void {
    this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(ms: number): void {
    this.disarm();
    this.timer = this.deps.timers.setTimeout(() => this.check(), ms);
  }

  private check(): void {
    this.timer = null;
    const elapsedMs = this.deps.monotonic() - this.headersAt;
    if (!this.decide({ elapsedMs, receivedBytes: this.bytes, declaredBytes: this.expectedBytes })) {
      this.arm(ABANDON_CHECK_MS);
      return;
    }
    // Nothing at all in that time is a rate near zero, not a missing sample.
    this.abandoned = { bytes: Math.max(1, this.bytes), transferMs: elapsedMs };
    this.controller.abort();
  }
}

/**
 * A step down with less than this buffered ahead (s) starts the page's starving rate
 * (EngineEvent starving): the lower rendition's playlist, init segment and first piece take
 * 0.2-0.3 s over the bench's 0.6 Mbit/s link, about what a 0.6 s latency target leaves.
 */
export const STARVING_BELOW_S = 0.5;
/**
 * The starving rate ends once this much (s) is buffered ahead again: the lowest rendition's
 * parts then arrive faster than they play (about 180 ms for each 200 ms one at 0.6 Mbit/s).
 */
export const STARVING_UNTIL_S = 0.3;
