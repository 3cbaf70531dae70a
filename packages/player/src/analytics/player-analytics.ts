import type { ManifestLoadSummary } from '../types/payloads.ts';
import type { Timers } from '../types/environment.ts';
import { gpuAnalyticsFields, type GpuSurfaceState } from '../types/gpu-surface.ts';
import type { AnalyticsEvent } from '../types/payloads.ts';
import type { PlayerStateObject } from '../types/state.ts';
import type { LiveLatencyAnalytics } from '../rules/latency.ts';
import { AnalyticsTicker, type PlayTimeTicker } from './analytics.ts';
import { playerStatsEvent } from './player-stats.ts';
import { ViewAnalytics } from './view-analytics.ts';

/** What the player's analytics read of the player, and where they send what they make. */
export interface PlayerAnalyticsHarness {
  timers: Timers;
  emit(event: AnalyticsEvent): void;
  state(): PlayerStateObject;
  /** SPEC §7 liveLatencyAnalytics of the current source (empty without one). */
  latency(): LiveLatencyAnalytics;
  /** The live-manifest worker's playlist answers, where the sink has it. */
  manifestLoads(): ManifestLoadSummary | null;
  gpu(): { state: GpuSurfaceState; initPending: boolean };
}

/**
 * The player's analytics as one part: SPEC §9 player_stats every 10 s of play and on pause
 * (AnalyticsTicker), and the viewing events (video-play, minute-watched: ViewAnalytics) with the
 * GPU fields SPEC §7 adds. Play time is counted from the element's events (parts/media-events.ts
 * feeds `ticker`); the state is read on each change.
 */
export class PlayerAnalytics {
  readonly #stats: AnalyticsTicker;
  readonly #views: ViewAnalytics;
  /** What media events add play time to: both cadences at once. */
  readonly ticker: PlayTimeTicker;

  constructor(private readonly harness: PlayerAnalyticsHarness) {
    this.#stats = new AnalyticsTicker((reason, played) => {
      const event = playerStatsEvent(reason, played, harness.state(), harness.latency(), harness.manifestLoads());
      harness.emit(event);
    });
    this.#views = new ViewAnalytics(
      (event) => harness.emit(event),
      () => gpuAnalyticsFields(harness.gpu().state.support),
      harness.timers,
      () => harness.gpu().initPending,
    );
    this.ticker = {
      addPlayTime: (deltaMs) => {
        this.#stats.addPlayTime(deltaMs);
        this.#views.addPlayTime(deltaMs);
      },
      onPause: () => this.#stats.onPause(),
    };
  }

  /** A new source: a new view (video-play again once it plays). */
  onLoad(): void {
    this.#views.onLoad();
  }

  /** Any state change, or the GPU path saying what it found: video-play waits for both. */
  onChange(): void {
    const { state } = this.harness.gpu();
    // Whether the GPU path has said what it found (or was never asked).
    const gpuSettled = state.status !== 'starting' || state.support.reason !== 'not-requested';
    this.#views.onState(this.harness.state(), gpuSettled);
  }

  destroy(): void {
    this.#views.destroy();
  }
}
