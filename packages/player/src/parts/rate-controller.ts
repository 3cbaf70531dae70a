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
 * The rate while the engine says the buffer runs dry before its next piece arrives (setStarving):
 * the buffer then lasts two thirds longer. Pitch is preserved; playing slower for the two to
 * four tenths of a second a step down takes is noticed far less than the silence and frozen
 * picture of a stall. 0.75 was not enough: the bench's drop left 0.2-0.3 s buffered for a step
 * down of 0.25-0.3 s, and 6 of 8 sessions still stalled.
 */
export const STARVING_RATE = 0.6;
/** A starving episode no message ends (a lost worker, a stuck load) ends after this long. */
export const STARVING_MAX_MS = 2000;

/**
 * Owns the element's playback rate, which three parties want: the viewer (setPlaybackRate,
 * native controls), the low-latency catch-up controller (catch-up.ts) and the engine's warning
 * that the buffer is about to run dry (setStarving). The viewer always wins: the other two act
 * only while the viewer's rate is 1, and a rate they set is never reported as the viewer's (the
 * state's playbackRate stays the viewer's).
 */
export class RateController {
  #viewerRate = 1;
  #catchUp: CatchUpState = INITIAL_CATCH_UP;
  /** When the current starving episode began (monotonic ms); null when not starving. */
  #starvingSince: number | null = null;
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
    this.#starvingSince = null;
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
    this.#starvingSince = null;
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
    this.#starvingSince = null;
  }

  /** A new load: catch-up starts over, a starving episode ends; the viewer's rate stays. */
  resetCatchUp(): void {
    this.#catchUp = INITIAL_CATCH_UP;
    if (this.#starvingSince !== null) this.setStarving(false);
  }

  /**
   * The engine expects the buffer ahead to run dry before the piece it is loading arrives (a
   * step down over a collapsed link, abandon.ts), or no longer does. Played at STARVING_RATE
   * meanwhile, the buffer lasts two thirds longer: in the bench's drop that is what separates a
   * short slowdown from a stall (dash.js lowers its live rate below a minimum buffer for the
   * same reason). Only while the viewer's rate is 1; catch-up waits while it lasts, and its
   * dwell starts again after.
   */
  setStarving(starving: boolean): void {
    if (starving === (this.#starvingSince !== null)) return;
    if (starving && this.#viewerRate !== 1) return;
    const now = this.harness.monotonic();
    this.#starvingSince = starving ? now : null;
    this.#catchUp = { ...this.#catchUp, rate: 1, changedAtMs: now };
    this.#applyOwn(starving ? STARVING_RATE : 1);
  }

  get starving(): boolean {
    return this.#starvingSince !== null;
  }

  /** A rate of ours on the element (never while the viewer has chosen one). */
  #applyOwn(rate: number): void {
    const element = this.harness.element();
    if (!element || this.#viewerRate !== 1 || element.playbackRate === rate) return;
    this.#pendingOwnRate = rate;
    element.playbackRate = rate;
  }

  /** One step of low-latency catch-up: rare, gentle rate changes toward the target. */
  steer(input: SteerInput): void {
    const element = this.harness.element();
    if (!element) return;
    if (this.#starvingSince !== null) {
      if (this.harness.monotonic() - this.#starvingSince < STARVING_MAX_MS) return;
      this.setStarving(false);
    }
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
