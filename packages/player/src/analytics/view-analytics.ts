import { AnalyticsTicker, analyticsEvent, type AnalyticsEvent } from './analytics.ts';
import type { Timers } from '../types/environment.ts';
import { PlayerState, type PlayerStateObject } from '../types/state.ts';

/** SPEC §7 minute-watched: one per minute of play (play time, as player_stats counts it). */
export const MINUTE_WATCHED_MS = 60_000;

/**
 * How long video-play waits for the GPU path's init to say what it found (it starts with the
 * first frame). A page that never gives the path a canvas must not lose the event.
 */
export const GPU_INIT_WAIT_MS = 5_000;

/**
 * SPEC §7's viewing events: `video-play` once per source the page loads, when it first plays,
 * and `minute-watched` for every minute of play (counted over the player's life: a reload of
 * the channel is the same viewing), both carrying the GPU fields (gpu_supported,
 * gpu_unsupported_reason, adapter details) that `fields` gives at the time. video-play waits
 * while the GPU path is still finding out (`settled` false), so that it says what init found:
 * as long as init is under way on a canvas (it always reports), else at most GPU_INIT_WAIT_MS
 * (a page that never gives the path a canvas must not lose the event). Like player_stats, they leave the page only where the page's consent
 * rules allow it.
 */
export class ViewAnalytics {
  /** Whether this load has had its video-play (a sink switch or reload within it is no new play). */
  #played = false;
  #pending: PlayerStateObject | null = null;
  #wait: unknown = null;
  #minutes = 0;
  readonly #ticker: AnalyticsTicker;

  constructor(
    private readonly emit: (event: AnalyticsEvent) => void,
    private readonly fields: () => Record<string, string | number | boolean | null>,
    private readonly timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>,
    /**
     * Whether the GPU path is still on its way with a canvas to draw on: then its init will
     * report (it always ends in supported, unsupported or an error), and the wait goes on.
     */
    private readonly gpuInitPending: () => boolean = () => false,
  ) {
    this.#ticker = new AnalyticsTicker((reason) => {
      if (reason !== 'interval') return;
      this.#minutes += 1;
      this.emit(analyticsEvent('minute-watched', { minutes_watched: this.#minutes, ...this.fields() }));
    }, MINUTE_WATCHED_MS);
  }

  addPlayTime(deltaMs: number): void {
    this.#ticker.addPlayTime(deltaMs);
  }

  /** A source loaded by the page: its first play is a video-play (one still waiting goes now). */
  onLoad(): void {
    this.#sendPlay();
    this.#played = false;
  }

  /** The player's state, and whether the GPU path has said what it found (or was never asked). */
  onState(state: PlayerStateObject, settled: boolean): void {
    if (state.state === PlayerState.Playing && !this.#played) {
      this.#played = true;
      this.#pending = state;
      this.#arm();
    }
    if (settled) this.#sendPlay();
  }

  /** The player is going: a video-play still waiting goes now, with what is known. */
  destroy(): void {
    this.#sendPlay();
  }

  #arm(): void {
    this.#wait = this.timers.setTimeout(() => {
      this.#wait = null;
      if (this.gpuInitPending()) this.#arm();
      else this.#sendPlay();
    }, GPU_INIT_WAIT_MS);
  }

  #sendPlay(): void {
    const state = this.#pending;
    if (this.#wait !== null) this.timers.clearTimeout(this.#wait);
    this.#wait = null;
    this.#pending = null;
    if (!state) return;
    const base = { sink: state.sink, quality: state.quality?.name ?? null, session_id: state.sessionId };
    this.emit(analyticsEvent('video-play', { ...base, ...this.fields() }));
  }
}
