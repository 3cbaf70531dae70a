import { clampPlaybackRate } from '../base/clamp.ts';
import { INITIAL_CATCH_UP, nextCatchUp, type CatchUpState } from '../rules/catch-up.ts';

/** The media element as far as the rate controller needs it. */
export type RateElement = Pick<HTMLMediaElement, 'playbackRate' | 'defaultPlaybackRate'>;

export interface RateControllerHarness {
  /** The element whose rate is set; null while none is attached. */
  element(): RateElement | null;
  /** The one monotonic clock (ms): the catch-up controller's dwell. */
  monotonic(): number;
}

export interface SteerInput {
  /** Distance from the live edge (s), NaN when unknown. */
  latencyS: number;
  /** Target distance (s), null when catch-up must stay out (not live, low latency off). */
  targetS: number | null;
  playing: boolean;
  /** Seconds buffered ahead of the position. */
  bufferS: number;
}

/**
 * Owns the element's playback rate, which two parties want: the viewer (setPlaybackRate,
 * native controls) and the low-latency catch-up controller (catch-up.ts). The viewer always
 * wins: catch-up acts only while the viewer's rate is 1, and a rate it sets is never reported
 * as the viewer's (the state's playbackRate stays the viewer's).
 */
export class RateController {
  #viewerRate = 1;
  #catchUp: CatchUpState = INITIAL_CATCH_UP;
  /** A rate catch-up (or a reload) set whose ratechange has not arrived yet. */
  #pendingOwnRate: number | null = null;

  constructor(private readonly harness: RateControllerHarness) {}

  get viewerRate(): number {
    return this.#viewerRate;
  }

  /** The viewer's rate, clamped to SPEC §5's range; returns the rate applied. */
  setViewerRate(rate: number): number {
    const clamped = clampPlaybackRate(rate);
    this.#viewerRate = clamped;
    this.#catchUp = { ...this.#catchUp, rate: 1, changedAtMs: this.harness.monotonic() };
    this.#pendingOwnRate = null;
    const element = this.harness.element();
    if (element) {
      // Also the default, so that a reload (the element's load()) keeps the viewer's rate.
      element.defaultPlaybackRate = clamped;
      element.playbackRate = clamped;
    }
    return clamped;
  }

  /**
   * The element's ratechange. Returns true when it is the viewer's change (to be published),
   * false when it is ours (catch-up, or a reload resetting the rate).
   */
  onRateChange(rate: number): boolean {
    if (this.#pendingOwnRate !== null && rate === this.#pendingOwnRate) {
      this.#pendingOwnRate = null;
      return false;
    }
    this.#pendingOwnRate = null;
    this.#viewerRate = rate;
    this.#catchUp = { ...this.#catchUp, rate: 1, changedAtMs: this.harness.monotonic() };
    return true;
  }

  /**
   * Before a sink reloads: the element's load() resets the rate to defaultPlaybackRate (the
   * viewer's); that ratechange ends a catch-up and is not the viewer's doing.
   */
  beforeReload(): void {
    const element = this.harness.element();
    if (element && element.playbackRate !== element.defaultPlaybackRate)
      this.#pendingOwnRate = element.defaultPlaybackRate;
    this.#catchUp = INITIAL_CATCH_UP;
  }

  /** A new load: catch-up starts over; the viewer's rate stays. */
  resetCatchUp(): void {
    this.#catchUp = INITIAL_CATCH_UP;
  }

  /** One step of low-latency catch-up: rare, gentle rate changes toward the target. */
  steer(input: SteerInput): void {
    const element = this.harness.element();
    if (!element) return;
    const next = nextCatchUp(this.#catchUp, {
      nowMs: this.harness.monotonic(),
      latencyS: input.latencyS,
      targetS: input.targetS,
      active: input.playing && this.#viewerRate === 1,
      bufferS: input.bufferS,
    });
    if (next === this.#catchUp) return;
    this.#catchUp = next;
    // A viewer's rate is never overridden: the controller only ever replaces its own.
    if (this.#viewerRate !== 1 || element.playbackRate === next.rate) return;
    this.#pendingOwnRate = next.rate;
    element.playbackRate = next.rate;
  }
}
