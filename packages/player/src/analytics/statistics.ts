import type { PlaybackStatistics } from '../types/state.ts';

export interface FrameCounters {
  decodedFrames: number;
  droppedFrames: number;
  atMs: number;
}

/**
 * Statistics from two readings of the media element's frame counters
 * (getVideoPlaybackQuality): framerate is the decoded-frame rate between them.
 */
export function computeStatistics(
  previous: FrameCounters | null,
  current: FrameCounters,
  bitrate: number,
): PlaybackStatistics {
  let framerate = 0;
  if (previous && current.atMs > previous.atMs && current.decodedFrames >= previous.decodedFrames) {
    framerate = ((current.decodedFrames - previous.decodedFrames) * 1000) / (current.atMs - previous.atMs);
  }
  return {
    bitrate,
    framerate: Math.round(framerate * 10) / 10,
    droppedFrames: current.droppedFrames,
    decodedFrames: current.decodedFrames,
  };
}

/** Reads the frame counters of a video element (0 where the browser has no such API). */
export function readFrameCounters(video: HTMLVideoElement, nowMs: number): FrameCounters {
  const quality = typeof video.getVideoPlaybackQuality === 'function' ? video.getVideoPlaybackQuality() : null;
  return {
    decodedFrames: quality?.totalVideoFrames ?? 0,
    droppedFrames: quality?.droppedVideoFrames ?? 0,
    atMs: nowMs,
  };
}
