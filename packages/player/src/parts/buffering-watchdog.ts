/**
 * Not shown in the spec. 10 s of continuous buffering is where viewers of the best players
 * give up; then the player reloads at the live edge, waiting twice as long before each next
 * reload (10 s, 20 s, 40 s), and after three reloads that did not bring playback back it
 * reports a fatal 'Buffering timeout' instead of reloading forever. 30 s of uninterrupted
 * playback counts as recovered and resets the count.
 */
export interface BufferingWatchdogConfig {
  firstTimeoutMs: number;
  factor: number;
  maxReloads: number;
  recoveredAfterMs: number;
}

export const BUFFERING_WATCHDOG_DEFAULTS: BufferingWatchdogConfig = {
  firstTimeoutMs: 10_000,
  factor: 2,
  maxReloads: 3,
  recoveredAfterMs: 30_000,
};

export type WatchdogVerdict = 'ok' | 'reload' | 'fatal';

/** Pure state over the monotonic clock; the player feeds it element events and asks `check`. */
export class BufferingWatchdog {
  #bufferingSinceMs: number | null = null;
  #playingSinceMs: number | null = null;
  #reloads = 0;

  constructor(private readonly config: BufferingWatchdogConfig = BUFFERING_WATCHDOG_DEFAULTS) {}

  /** The element waits for data while it should play. */
  onBuffering(nowMs: number): void {
    this.#bufferingSinceMs ??= nowMs;
    this.#playingSinceMs = null;
  }

  onPlaying(nowMs: number): void {
    this.#bufferingSinceMs = null;
    this.#playingSinceMs ??= nowMs;
  }

  /** A pause (the viewer's or ours): waiting for data is not buffering then. */
  onStopped(): void {
    this.#bufferingSinceMs = null;
    this.#playingSinceMs = null;
  }

  /** The timeout that applies to the current stretch of buffering. */
  timeoutMs(): number {
    return this.config.firstTimeoutMs * this.config.factor ** this.#reloads;
  }

  check(nowMs: number): WatchdogVerdict {
    if (this.#playingSinceMs !== null && nowMs - this.#playingSinceMs >= this.config.recoveredAfterMs)
      this.#reloads = 0;
    if (this.#bufferingSinceMs === null || nowMs - this.#bufferingSinceMs < this.timeoutMs()) return 'ok';
    if (this.#reloads >= this.config.maxReloads) {
      this.#bufferingSinceMs = null;
      return 'fatal';
    }
    this.#reloads += 1;
    // The reload starts a new wait, measured from now against the next, longer timeout.
    this.#bufferingSinceMs = nowMs;
    return 'reload';
  }
}
