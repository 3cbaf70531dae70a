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
/** Never judged before this long into the transfer (ms): a part's first bytes can be bursty. */
export const ABANDON_MIN_MS = 250;

export interface AbandonInput {
  /** Since the first byte (ms). */
  elapsedMs: number;
  /** Media seconds the piece holds. */
  durationS: number;
  bufferAheadS: number;
  /** Whether a lower rendition exists to switch to (automatic quality only). */
  canStepDown: boolean;
}

/** Whether a transfer still running after `elapsedMs` should be abandoned. */
export function shouldAbandon(input: AbandonInput): boolean {
  return (
    input.canStepDown &&
    input.bufferAheadS < ABANDON_BUFFER_S &&
    input.elapsedMs >= Math.max(ABANDON_MIN_MS, input.durationS * 1000)
  );
}

/**
 * Watches one piece's transfer: once its headers arrive it checks, when the piece's own
 * duration has passed, whether to abandon it (the owner's `decide`), and aborts it if so.
 */
export class TransferGuard {
  private readonly controller = new AbortController();
  private headersAt = Number.NaN;
  private bytes = 0;
  private timer: unknown = null;
  /** What was received when the transfer was abandoned; null while it was not. */
  abandoned: ThroughputSample | null = null;

  private readonly forward = () => this.controller.abort();

  constructor(
    private readonly deps: { timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>; monotonic(): number },
    private readonly parent: AbortSignal,
    private readonly durationS: number,
    private readonly decide: (elapsedMs: number) => boolean,
  ) {
    if (parent.aborted) this.controller.abort();
    else parent.addEventListener('abort', this.forward, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  readonly watch: TransferWatch = {
    onHeaders: () => {
      this.headersAt = this.deps.monotonic();
      this.bytes = 0;
      this.arm(Math.max(ABANDON_MIN_MS, this.durationS * 1000));
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
    if (!this.decide(elapsedMs)) {
      // Not now (the buffer was healthy): look again in a quarter of the piece.
      this.arm(Math.max(50, (this.durationS * 1000) / 4));
      return;
    }
    // Nothing at all in that time is a rate near zero, not a missing sample.
    this.abandoned = { bytes: Math.max(1, this.bytes), transferMs: elapsedMs };
    this.controller.abort();
  }
}
