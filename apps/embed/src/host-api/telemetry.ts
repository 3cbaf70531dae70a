import type { Telemetry } from '@onair/embed-sdk/protocol';
import { PlayerState, type PlayerStateObject } from '@onair/player';
import { bufferAhead } from '../lib/stats-format.ts';

/**
 * Rebuffering as a viewer feels it: each time playback that had started waits for data, until
 * it plays again. The wait before the first frame is start-up, not a rebuffer. Pure: fed the
 * player's states with the time they were seen.
 */
export class RebufferCounter {
  #started = false;
  #count = 0;
  #totalMs = 0;
  #since: number | null = null;

  observe(state: PlayerState, nowMs: number): void {
    if (state === PlayerState.Playing) this.#started = true;
    const buffering = this.#started && state === PlayerState.Buffering;
    if (buffering && this.#since === null) {
      this.#count += 1;
      this.#since = nowMs;
    } else if (!buffering && this.#since !== null) {
      this.#totalMs += nowMs - this.#since;
      this.#since = null;
    }
  }

  count(): number {
    return this.#count;
  }

  /** Seconds spent rebuffering, the wait going on now included. */
  seconds(nowMs: number): number {
    return (this.#totalMs + (this.#since === null ? 0 : nowMs - this.#since)) / 1000;
  }
}

type TelemetrySource = Pick<
  PlayerStateObject,
  'liveLatency' | 'trackBufferedRanges' | 'position' | 'statistics' | 'quality'
>;

/**
 * The live telemetry the host page gets every second while playing (and from getStats): the
 * same figures, computed the same way, as the viewer's "Stats for nerds" panel shows.
 */
export function telemetryOf(state: TelemetrySource, rebuffers: RebufferCounter, nowMs: number): Telemetry {
  const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
  return {
    latency: Number.isFinite(state.liveLatency) ? round(state.liveLatency, 2) : null,
    buffer: round(bufferAhead(state.trackBufferedRanges.video, state.position), 2),
    rebuffers: rebuffers.count(),
    rebufferTime: round(rebuffers.seconds(nowMs), 2),
    droppedFrames: state.statistics.droppedFrames,
    rendition: state.quality?.name ?? null,
  };
}
