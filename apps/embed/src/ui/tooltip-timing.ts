/** SPEC §9 "Tooltip defaults": a tooltip opens after 700 ms of hovering its control… */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/** …and once one has shown, the next opens at once if the pointer gets there within 300 ms. */
export const TOOLTIP_SKIP_DELAY_MS = 300;

export interface TooltipTimingOptions {
  openDelayMs?: number;
  skipDelayMs?: number;
}

/**
 * The shared clock of a group of tooltips (the controls bar), kept apart from React so the
 * 700/300 ms rule is unit-tested on plain numbers. Times are milliseconds from any monotonic
 * clock (`performance.now()` in the page).
 */
export class TooltipTiming {
  readonly openDelayMs: number;
  readonly skipDelayMs: number;
  #openCount = 0;
  /** When the last tooltip closed; -Infinity before any has shown. */
  #lastClosedAt = Number.NEGATIVE_INFINITY;

  constructor(options: TooltipTimingOptions = {}) {
    this.openDelayMs = options.openDelayMs ?? TOOLTIP_OPEN_DELAY_MS;
    this.skipDelayMs = options.skipDelayMs ?? TOOLTIP_SKIP_DELAY_MS;
  }

  /** How long a tooltip asked to open at `now` waits before it shows. */
  delayAt(now: number): number {
    if (this.#openCount > 0) return 0;
    return now - this.#lastClosedAt < this.skipDelayMs ? 0 : this.openDelayMs;
  }

  /** A tooltip has become visible. */
  opened(): void {
    this.#openCount += 1;
  }

  /** A visible tooltip has closed at `now`; the skip window starts here. */
  closed(now: number): void {
    if (this.#openCount === 0) return;
    this.#openCount -= 1;
    this.#lastClosedAt = now;
  }
}
