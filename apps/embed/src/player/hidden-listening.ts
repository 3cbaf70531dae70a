/**
 * Audio-only when hidden (issue 35): a host page that opts in (`audioonlywhenhidden=true`, the
 * SDK's `audioOnlyWhenHidden`) gets an embed that, once out of sight for HIDDEN_FOR_MS while
 * playing, plays the sound alone (a few kB/s instead of a picture nobody sees), and brings the
 * picture back, at the live edge, the moment it is in sight again. Out of sight is a hidden page
 * (a background tab, a minimised window) or no pixel of the player in the viewport (scrolled
 * away, `display:none`); a player partly in view still shows its picture.
 *
 * Only what this rule turned on it turns off: a viewer or host who chose audio-only keeps it.
 * Pure state over an injected clock: use-audio-when-hidden.ts feeds it the browser's signals.
 */

export const HIDDEN_FOR_MS = 30_000;

export interface HiddenSight {
  pageVisible: boolean;
  /** The share of the player in the viewport, 0 to 1. */
  ratio: number;
  /** The viewer wants it playing. */
  playing: boolean;
}

export interface HiddenListeningHarness {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Turn audio-only on (out of sight long enough) or off (back in sight). */
  setAudioOnly(on: boolean): void;
}

export class HiddenListening {
  #sight: HiddenSight = { pageVisible: true, ratio: 1, playing: false };
  #timer: unknown = null;
  /** Audio-only is on because of this rule. */
  #engaged = false;

  constructor(private readonly harness: HiddenListeningHarness) {}

  get engaged(): boolean {
    return this.#engaged;
  }

  update(patch: Partial<HiddenSight>): void {
    this.#sight = { ...this.#sight, ...patch };
    const hidden = !this.#sight.pageVisible || this.#sight.ratio === 0;
    if (!hidden) {
      this.#cancel();
      if (this.#engaged) {
        this.#engaged = false;
        this.harness.setAudioOnly(false);
      }
      return;
    }
    if (!this.#sight.playing) return this.#cancel();
    if (this.#engaged || this.#timer !== null) return;
    this.#timer = this.harness.setTimeout(() => {
      this.#timer = null;
      this.#engaged = true;
      this.harness.setAudioOnly(true);
    }, HIDDEN_FOR_MS);
  }

  /** Someone else chose (the viewer's menu, the host's setAudioOnly): the choice is theirs now. */
  release(): void {
    this.#cancel();
    this.#engaged = false;
  }

  destroy(): void {
    this.#cancel();
  }

  #cancel(): void {
    if (this.#timer !== null) this.harness.clearTimeout(this.#timer);
    this.#timer = null;
  }
}
