import type { CaptionTrack, PlayerSnapshot } from '@onair/embed-sdk/protocol';
import { PlayerState, type PlayerStateObject } from '@onair/player';

/** The part of the player's state a snapshot reads. */
export type SnapshotSource = Pick<
  PlayerStateObject,
  | 'state'
  | 'paused'
  | 'volume'
  | 'muted'
  | 'quality'
  | 'autoQualityMode'
  | 'qualities'
  | 'liveLatency'
  | 'textTracks'
  | 'textTrack'
  | 'audioOnly'
>;

/** The stream's text tracks as the host page names them, and the one shown. */
export function captionsOf(state: Pick<SnapshotSource, 'textTracks' | 'textTrack'>): PlayerSnapshot['captions'] {
  const tracks: CaptionTrack[] = state.textTracks.map(({ id, name, language, kind }) => ({ id, name, language, kind }));
  return { tracks, selected: state.textTrack };
}

/**
 * `getState`'s answer (pure). With no player (the offline screen, or before the player
 * screen attaches) it is the channel and the sound as last heard, nothing playing: a host's
 * getter answers what the viewer sees rather than refusing.
 */
export function snapshotOf(
  where: { channel: string; live: boolean | null; sound: { volume: number; muted: boolean } },
  state: SnapshotSource | null,
): PlayerSnapshot {
  if (!state) {
    return {
      channel: where.channel,
      live: where.live,
      playback: PlayerState.Idle,
      paused: true,
      ...where.sound,
      quality: null,
      autoQuality: true,
      qualities: [],
      latency: null,
      captions: { tracks: [], selected: null },
      audioOnly: false,
    };
  }
  return {
    channel: where.channel,
    live: where.live,
    playback: state.state,
    paused: state.paused,
    volume: state.volume,
    muted: state.muted,
    quality: state.quality?.name ?? null,
    autoQuality: state.autoQualityMode,
    qualities: state.qualities.map((quality) => quality.name),
    latency: Number.isFinite(state.liveLatency) ? Math.round(state.liveLatency * 100) / 100 : null,
    captions: captionsOf(state),
    audioOnly: state.audioOnly,
  };
}
