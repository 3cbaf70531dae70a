/**
 * Events in step with the picture (issue 35): news about the stream (it ended, its title or
 * category changed) arrives on the realtime connection when it happens on the broadcaster's
 * side, while this viewer watches a second or more behind. The gate holds each piece of news,
 * stamped with its moment on the stream's clock (its program-date-time, PDT), until the frame
 * on screen reaches that moment, so the offline screen comes after the last frame and a new
 * title with the picture it belongs to, as the host page's poll or overlay would want.
 *
 * - The frame on screen's PDT comes from the player (its PDT mapping, extrapolated from the
 *   last sample by media time); where it is unknown (no PDT in the stream, no player) news is
 *   delivered at once: there is nothing to be in step with.
 * - While the picture advances, one timer is set for the moment the earliest news falls due
 *   (its distance in PDT over the playback rate), then checked again: the delay is the
 *   timer's, not a polling interval's.
 * - Nothing is held longer than MAX_HOLD_MS (a paused viewer, a picture stuck in a stall), and
 *   `flush` delivers everything at once where the picture will not get there (the player
 *   ended or failed, the screen went away): news is late at worst, never lost.
 *
 * Pure state over an injected clock and PDT reader: use-in-step.ts feeds it the player.
 */

export const MAX_HOLD_MS = 15_000;

export interface ShownFrame {
  /** The PDT of the frame on screen (ms since the epoch), or null when unknown. */
  pdt: number | null;
  /** Media seconds per real second now: 0 while paused or stalled. */
  rate: number;
}

export interface PdtGateHarness {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** A monotonic clock (ms), for the longest hold. */
  now(): number;
  shown(): ShownFrame;
}

interface Held {
  at: number;
  deliver: () => void;
  deadline: number;
}

export class PdtGate {
  #held: Held[] = [];
  #timer: unknown = null;

  constructor(private readonly harness: PdtGateHarness) {}

  /** Delivers `deliver` when the frame on screen reaches `at` (the stream's clock, ms). */
  hold(at: number, deliver: () => void): void {
    this.#held.push({ at, deliver, deadline: this.harness.now() + MAX_HOLD_MS });
    this.check();
  }

  /** Delivers what is due; sets the timer for the next. Call it whenever playback changes. */
  check(): void {
    this.#cancel();
    if (this.#held.length === 0) return;
    const { pdt, rate } = this.harness.shown();
    const now = this.harness.now();
    const due = this.#held.filter((h) => pdt === null || h.at <= pdt || h.deadline <= now);
    this.#held = this.#held.filter((h) => !due.includes(h));
    // In the order they happened on the stream.
    for (const held of due.sort((a, b) => a.at - b.at)) held.deliver();
    if (this.#held.length === 0) return;
    const waits = this.#held.map((h) => {
      const untilShown = pdt !== null && rate > 0 ? (h.at - pdt) / rate : Number.POSITIVE_INFINITY;
      return Math.max(0, Math.min(untilShown, h.deadline - now));
    });
    this.#timer = this.harness.setTimeout(
      () => {
        this.#timer = null;
        this.check();
      },
      Math.min(...waits),
    );
  }

  /** Everything held, now: the picture will not get there. */
  flush(): void {
    this.#cancel();
    const held = this.#held.sort((a, b) => a.at - b.at);
    this.#held = [];
    for (const h of held) h.deliver();
  }

  get holding(): number {
    return this.#held.length;
  }

  #cancel(): void {
    if (this.#timer !== null) this.harness.clearTimeout(this.#timer);
    this.#timer = null;
  }
}
