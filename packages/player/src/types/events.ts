import type { GpuSurfaceState } from './gpu-surface.ts';
import type { PlayerError } from './errors.ts';
import type { AudioTrack, Quality, TextTrack } from './quality.ts';
import type { AnalyticsEvent, CastStatus, ServiceWorkerStateChange } from './payloads.ts';
import type { PlayerState } from './state.ts';

/** Player events (the IVS-style Player API's set, in kebab case). */
export const PlayerEventType = {
  StateChanged: 'state-changed',
  Error: 'error',
  AudioBlocked: 'audio-blocked',
  PlaybackBlocked: 'playback-blocked',
  QualityChanged: 'quality-changed',
  AudioTracksChanged: 'audio-tracks-changed',
  TextTracksChanged: 'text-tracks-changed',
  Loaded: 'loaded',
  VolumeChanged: 'volume-changed',
  MutedChanged: 'muted-changed',
  PlaybackRateChanged: 'playback-rate-changed',
  Rebuffering: 'rebuffering',
  SeekCompleted: 'seek-completed',
  TextCue: 'text-cue',
  TextMetadataCue: 'text-metadata-cue',
  DriftCorrection: 'drift-correction',
  ServiceWorkerStateChanged: 'service-worker-state-changed',
  GpuStateChanged: 'gpu-state-changed',
  CastStateChanged: 'cast-state-changed',
  Analytics: 'analytics',
} as const;
export type PlayerEventType = (typeof PlayerEventType)[keyof typeof PlayerEventType];

/** SPEC §3 "Text metadata cue". */
export interface TextMetadataCue {
  type: 'TextMetadataCue';
  description: string;
  startTime: number;
  endTime: number;
  text: string;
  owner: string;
}

export interface TextCue {
  type: 'TextCue';
  startTime: number;
  endTime: number;
  text: string;
  /**
   * The text track it belongs to (TextTrack id): only the one shown delivers cues. The
   * platform's own captions (ID3 in the stream, SPEC §9) are `id3`, listed in no text track
   * and always delivered.
   */
  track: string;
}

/** Typed payloads: `on('quality-changed', q => …)` infers `q: Quality`. */
export interface PlayerEventMap {
  'state-changed': { state: PlayerState };
  error: PlayerError;
  'audio-blocked': Record<string, never>;
  'playback-blocked': Record<string, never>;
  'quality-changed': Quality;
  /** The audio tracks, or the one playing, changed (an alternate audio rendition). */
  'audio-tracks-changed': { tracks: AudioTrack[]; selected: string | null };
  /** The text tracks, or the one shown, changed (subtitles, captions). */
  'text-tracks-changed': { tracks: TextTrack[]; selected: string | null };
  loaded: { qualities: Quality[]; removed: Quality[] };
  'volume-changed': { volume: number };
  'muted-changed': { muted: boolean };
  'playback-rate-changed': { playbackRate: number };
  rebuffering: Record<string, never>;
  'seek-completed': { position: number };
  'text-cue': TextCue;
  'text-metadata-cue': TextMetadataCue;
  'drift-correction': { playlistPosition: number };
  /** SPEC §4 service-worker host and worker states (the passthrough sink's live-manifest worker). */
  'service-worker-state-changed': ServiceWorkerStateChange;
  /** The GPU surface's mode and status (gpu/gpu-support.ts): what the page should show. */
  'gpu-state-changed': GpuSurfaceState;
  /** Whether a receiver is there, and the cast session's state (cast/cast-host.ts). */
  'cast-state-changed': CastStatus;
  analytics: AnalyticsEvent;
}
