import { forwardBufferS } from '../rules/catch-up.ts';
import type { PlayerEnvironment } from '../types/environment.ts';
import { liveLatencySeconds } from '../rules/latency.ts';
import type { LoadSession } from './load-session.ts';
import { ranges } from './media-element.ts';
import type { PlayerStateObject } from '../types/state.ts';

export interface LiveSample {
  /** What the state takes from this sample. */
  patch: Partial<PlayerStateObject>;
  /** Distance from the live edge in target durations (the drift rule's input), NaN when unknown. */
  playlistPosition: number;
  /** Distance from the live edge (s), NaN when unknown. */
  edgeS: number;
  /** Seconds buffered ahead of the position. */
  bufferS: number;
  /** The sink's catch-up target (s), null where catch-up must stay out. */
  targetS: number | null;
}

/**
 * One reading of the element and the session's sink (every 500 ms): statistics, live latency
 * on the server's clock, the distance from the edge; the session's latency analytics take it in.
 */
export function readLiveSample(
  session: LoadSession,
  video: HTMLVideoElement,
  env: Pick<PlayerEnvironment, 'now' | 'monotonic'>,
  lowLatencyEnabled: boolean,
): LiveSample {
  const { sink } = session;
  const now = env.now();
  const { statistics, averageBitrate } = session.sampler.sample(video, env.monotonic(), sink.mediaBitrate());
  const buffered = ranges(video.buffered);
  // Until the position is inside the buffered media (the engine's first seek to the live start
  // comes after loading), no frame of the source is on screen: a PDT read there is the start
  // time minus the whole seek distance, seconds of latency that never happened.
  const onScreen = buffered.some((r) => r.start <= video.currentTime + 0.1 && video.currentTime <= r.end);
  const playingDate = onScreen ? sink.playingDateMs() : null;
  const liveLatency = liveLatencySeconds(playingDate, now, session.latency.serverOffset);
  session.latency.addLatency(liveLatency, now);
  const edge = sink.liveEdgeDistance();
  const playlistPosition = edge && edge.targetDuration > 0 ? edge.seconds / edge.targetDuration : Number.NaN;
  session.latency.addPlaylistPosition(playlistPosition);
  const isLive = sink.isLive();
  const targetS = lowLatencyEnabled ? sink.lowLatencyTarget() : null;
  return {
    playlistPosition,
    edgeS: edge?.seconds ?? Number.NaN,
    bufferS: forwardBufferS(buffered, video.currentTime),
    targetS,
    patch: {
      statistics,
      averageBitrate,
      liveLatency,
      syncTime: playingDate ?? Number.NaN,
      bandwidthEstimate: sink.bandwidthEstimate(),
      position: video.currentTime,
      seekable: lastRange(video.seekable),
      duration: isLive ? Number.POSITIVE_INFINITY : video.duration,
      liveLowLatency: isLive && targetS !== null,
      // hls.js owns the source buffers; the element's ranges stand for both tracks.
      trackBufferedRanges: { audio: buffered, video: buffered },
    },
  };
}

/** The last of `ranges`, or null when there is none. */
function lastRange(ranges: TimeRanges): { start: number; end: number } | null {
  const last = ranges.length - 1;
  return last < 0 ? null : { start: ranges.start(last), end: ranges.end(last) };
}
