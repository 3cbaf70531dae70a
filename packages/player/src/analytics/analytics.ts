import { ANALYTICS_INTERVAL_MS, APP_PLATFORM } from '../types/constants.ts';
import type { AnalyticsEvent } from '../types/payloads.ts';

export type { AnalyticsEvent };

/** What counts play time: the player_stats cadence, and the viewing events' minutes beside it. */
export interface PlayTimeTicker {
  addPlayTime(deltaMs: number): void;
  onPause(): void;
}

/**
 * SPEC §9: analytics stats are emitted every 10 s of play and on pause. Play time is counted,
 * not wall time: a paused or buffering player accumulates nothing.
 */
export class AnalyticsTicker implements PlayTimeTicker {
  #playedMs = 0;
  #sincePauseFlush = false;

  constructor(
    private readonly emit: (reason: 'interval' | 'pause', playedMs: number) => void,
    private readonly intervalMs = ANALYTICS_INTERVAL_MS,
  ) {}

  /** Adds play time; emits once per full interval of play. */
  addPlayTime(deltaMs: number): void {
    if (!(deltaMs > 0)) return;
    this.#playedMs += deltaMs;
    this.#sincePauseFlush = true;
    while (this.#playedMs >= this.intervalMs) {
      this.#playedMs -= this.intervalMs;
      this.emit('interval', this.intervalMs);
    }
  }

  /** On pause: emit what was played since the last emission (once per pause). */
  onPause(): void {
    if (!this.#sincePauseFlush) return;
    this.#sincePauseFlush = false;
    const played = this.#playedMs;
    this.#playedMs = 0;
    this.emit('pause', played);
  }
}

export function analyticsEvent(
  name: string,
  properties: Record<string, string | number | boolean | null>,
): AnalyticsEvent {
  return { name, properties: { ...properties, app_platform: APP_PLATFORM } };
}
