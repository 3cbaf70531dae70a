import type { PlayerError } from './errors.ts';
import type { AudioTrack, Quality, TextTrack } from './quality.ts';
import type { SinkType } from './sink-type.ts';

export type { SinkType } from './sink-type.ts';

/** Playback states (SPEC §4; the IVS-style Player API's names). */
export const PlayerState = {
  Idle: 'Idle',
  Ready: 'Ready',
  Buffering: 'Buffering',
  Playing: 'Playing',
  Ended: 'Ended',
} as const;
export type PlayerState = (typeof PlayerState)[keyof typeof PlayerState];

export interface PlaybackStatistics {
  /** Bits of media downloaded per second of media (measured, not the advertised BANDWIDTH); 0 when unknown. */
  bitrate: number;
  /** Frames decoded per second over the last sampling interval. */
  framerate: number;
  droppedFrames: number;
  decodedFrames: number;
}

export interface BufferedRange {
  start: number;
  end: number;
}

/**
 * The player state object of SPEC §3 "Player state". One object, replaced (never mutated) on
 * every change, so `getState()` can be used as a `useSyncExternalStore` snapshot.
 */
export interface PlayerStateObject {
  state: PlayerState;
  /** Whether the viewer asked for a pause (or playback was blocked); buffering is not a pause. */
  paused: boolean;
  muted: boolean;
  volume: number;
  playbackRate: number;
  averageBitrate: number;
  bandwidthEstimate: number;
  /** Always false: a live stream has no end to loop from, and the player plays only live sources. */
  looping: boolean;
  autoQualityMode: boolean;
  /** Seconds between the frame on screen and real time; NaN when unknown (not live, no PDT). */
  liveLatency: number;
  liveLowLatencyEnabled: boolean;
  /**
   * Audio-only mode (setAudioOnly): the sound alone, from the stream's audio-only variant where
   * it has one (our engine's sinks), else its lowest picture. Not in the spec.
   */
  audioOnly: boolean;
  /** Whether the current source is actually being played in low-latency mode. */
  liveLowLatency: boolean;
  liveMaxLatency: number;
  rebufferToLive: boolean;
  statistics: PlaybackStatistics;
  quality: Quality | null;
  qualities: Quality[];
  /** The stream's alternate audio tracks (none where its audio is in each variant), and the one playing. */
  audioTracks: AudioTrack[];
  audioTrack: string | null;
  /**
   * The stream's subtitles and captions, and the one shown (its cues are `text-cue` events):
   * null, none, until the page turns one on (setTextTrack).
   */
  textTracks: TextTrack[];
  textTrack: string | null;
  /** Infinity for a live stream. */
  duration: number;
  position: number;
  /**
   * Where a seek may go (the element's last seekable range: a VOD's whole length, a live
   * window's span), or null: what a seek bar spans. Not in the spec's state list.
   */
  seekable: BufferedRange | null;
  /** EXT-X-START TIME-OFFSET of the source, 0 when it has none. */
  startOffset: number;
  /** Every EXT-X-SESSION-DATA of the multivariant playlist: DATA-ID → VALUE (or URI). */
  sessionData: Record<string, string>;
  sessionId: string;
  /**
   * The channel's metadata as the source carries it: the session data entries whose DATA-ID
   * starts with `com.onair.channel.` (prefix removed). Our origin advertises none today, so it
   * stays empty; the channel API is where the embed reads channel facts.
   */
  channelMetadata: Record<string, unknown>;
  /** Wall-clock time (ms) of the current position, from program-date-time; NaN when unknown. */
  syncTime: number;
  path: string;
  protocol: 'HLS' | '';
  trackBufferedRanges: { audio: BufferedRange[]; video: BufferedRange[] };
  sink: SinkType | null;
  loaded: boolean;
  error: PlayerError | null;
}

export function initialState(): PlayerStateObject {
  return {
    state: PlayerState.Idle,
    paused: true,
    muted: false,
    volume: 1,
    playbackRate: 1,
    averageBitrate: 0,
    bandwidthEstimate: 0,
    looping: false,
    autoQualityMode: true,
    liveLatency: Number.NaN,
    liveLowLatencyEnabled: true,
    audioOnly: false,
    liveLowLatency: false,
    liveMaxLatency: Number.POSITIVE_INFINITY,
    rebufferToLive: false,
    statistics: { bitrate: 0, framerate: 0, droppedFrames: 0, decodedFrames: 0 },
    quality: null,
    qualities: [],
    audioTracks: [],
    audioTrack: null,
    textTracks: [],
    textTrack: null,
    duration: 0,
    position: 0,
    seekable: null,
    startOffset: 0,
    sessionData: {},
    sessionId: '',
    channelMetadata: {},
    syncTime: Number.NaN,
    path: '',
    protocol: '',
    trackBufferedRanges: { audio: [], video: [] },
    sink: null,
    loaded: false,
    error: null,
  };
}

/**
 * The playback state a media element event confirms (requests go down, confirmed state comes
 * up). Returns null when the event does not change it. Whether the viewer wants playback
 * (`paused`) is the player's business, not the element's.
 */
export function stateForMediaEvent(
  type: string,
  current: PlayerState,
  element: { ended: boolean; paused: boolean },
): PlayerState | null {
  switch (type) {
    case 'loadedmetadata':
      return current === PlayerState.Idle ? PlayerState.Ready : null;
    case 'playing':
      return PlayerState.Playing;
    case 'waiting':
      return element.paused ? null : PlayerState.Buffering;
    case 'pause':
      return element.ended ? null : PlayerState.Idle;
    case 'ended':
      return PlayerState.Ended;
    case 'emptied':
      return PlayerState.Idle;
    default:
      return null;
  }
}
