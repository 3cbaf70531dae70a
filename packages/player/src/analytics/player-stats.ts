import { analyticsEvent, type AnalyticsEvent } from './analytics.ts';
import { PLAYER_VERSION } from '../types/constants.ts';
import type { LiveLatencyAnalytics } from '../rules/latency.ts';
import type { ManifestLoadSummary } from '../types/payloads.ts';
import type { PlayerStateObject } from '../types/state.ts';

const round3 = (n: number): number | null => (Number.isFinite(n) ? Math.round(n * 1000) / 1000 : null);

/**
 * The `player_stats` analytics event (SPEC §9: every 10 s of play and on pause), as a pure
 * function of the state, the live-latency analytics and the play time it covers.
 */
export function playerStatsEvent(
  reason: 'interval' | 'pause',
  playedMs: number,
  state: PlayerStateObject,
  latency: LiveLatencyAnalytics,
  manifestLoads: ManifestLoadSummary | null = null,
): AnalyticsEvent {
  return analyticsEvent('player_stats', {
    reason,
    played_ms: playedMs,
    bitrate: state.statistics.bitrate,
    framerate: state.statistics.framerate,
    dropped_frames: state.statistics.droppedFrames,
    decoded_frames: state.statistics.decodedFrames,
    live_latency: round3(state.liveLatency),
    quality: state.quality?.name ?? null,
    bandwidth_estimate: state.bandwidthEstimate,
    sink: state.sink,
    player_version: PLAYER_VERSION,
    // SPEC §3 live-latency analytics.
    server_offset: latency.serverOffset,
    playlist_position_min: round3(latency.playlistPosition.min),
    playlist_position_avg: round3(latency.playlistPosition.avg),
    playlist_position_max: round3(latency.playlistPosition.max),
    playlist_position_last: round3(latency.playlistPosition.last),
    live_latency_first: round3(latency.liveLatencyTiming.first),
    live_latency_last: round3(latency.liveLatencyTiming.last),
    drift_corrections: latency.driftCorrection,
    // SPEC §7 manifestLoadAnalytics: the live-manifest worker's answers, where it runs.
    ...(manifestLoads && {
      sw_manifest_loads: manifestLoads.loads,
      sw_multivariant_from_cache: manifestLoads.fromCache,
      sw_manifest_load_ms_avg: manifestLoads.avgTotalMs,
      sw_manifest_held_ms_avg: manifestLoads.avgHeldMs,
      sw_segments_from_parts: manifestLoads.segmentsFromParts,
      sw_first_playlist_segments: manifestLoads.firstMediaSegments,
    }),
  });
}
