/**
 * Who counts as a viewer (issue 35, "visible-only counting"). A frame a page hides (1×1 px,
 * `display:none`, scrolled away, a background tab) still autoplays, and counting it inflates the
 * channel's viewer count, as Twitch is criticised for. The embed reports presence (the viewer
 * websocket's handshakes, use-presence.ts) only while the player is in sight, which is, all of:
 *
 * - the page is visible (`document.visibilityState`);
 * - at least half the player is in the viewport (IntersectionObserver: for a frame on another
 *   site that is the top-level page's viewport, clipped by the iframe);
 * - the player is at least MIN_WIDTH × MIN_HEIGHT CSS px, a quarter of the smallest frame the
 *   embed is designed for (320×180): a 1-pixel frame is never in sight;
 * - the viewer wants it playing (not paused; a rebuffer does not count against it);
 *
 * and has been so for COUNT_AFTER_MS (the IAB's video viewability: half in view for 2 s). It
 * stops counting the moment one of them no longer holds. The platform counts presence, so its
 * count follows this rule with no change of its own.
 *
 * Pure state over an injected clock: use-counted-viewer.ts feeds it the browser's signals.
 */

export const COUNT_AFTER_MS = 2000;
export const MIN_VISIBLE_RATIO = 0.5;
export const MIN_WIDTH = 160;
export const MIN_HEIGHT = 90;

export interface Sight {
  pageVisible: boolean;
  /** The share of the player in the viewport, 0 to 1. */
  ratio: number;
  /** The player's size in CSS px. */
  width: number;
  height: number;
  /** The viewer wants it playing. */
  playing: boolean;
}

export function inSight(sight: Sight): boolean {
  return (
    sight.pageVisible &&
    sight.playing &&
    sight.ratio >= MIN_VISIBLE_RATIO &&
    sight.width >= MIN_WIDTH &&
    sight.height >= MIN_HEIGHT
  );
}

export interface CountedViewerHarness {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** The verdict changed. */
  onChange(counted: boolean): void;
}

export class CountedViewer {
  #counted = false;
  #timer: unknown = null;
  #sight: Sight = { pageVisible: false, ratio: 0, width: 0, height: 0, playing: false };

  constructor(private readonly harness: CountedViewerHarness) {}

  get counted(): boolean {
    return this.#counted;
  }

  /** A change to any of the signals. */
  update(patch: Partial<Sight>): void {
    this.#sight = { ...this.#sight, ...patch };
    if (!inSight(this.#sight)) {
      this.#cancel();
      this.#set(false);
      return;
    }
    if (this.#counted || this.#timer !== null) return;
    this.#timer = this.harness.setTimeout(() => {
      this.#timer = null;
      this.#set(true);
    }, COUNT_AFTER_MS);
  }

  destroy(): void {
    this.#cancel();
  }

  #cancel(): void {
    if (this.#timer !== null) this.harness.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #set(counted: boolean): void {
    if (counted === this.#counted) return;
    this.#counted = counted;
    this.harness.onChange(counted);
  }
}
