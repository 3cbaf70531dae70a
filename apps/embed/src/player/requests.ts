import type { Quality } from '@onair/player';

/**
 * What a viewer (or the page that frames the embed) asks of the player, from any of the four
 * ways in: the controls, the keyboard, the OS media session and the host-page API. All four
 * turn their input into a `PlayerRequest`, and this one pure module decides what the player
 * is asked to do, so a rule holds everywhere at once:
 *
 * - setting a volume above 0 (the slider, the host's setVolume) or stepping it up unmutes;
 *   stepping it down does not (a muted viewer lowering the volume does not want sound now);
 * - unmuting at volume 0 raises it to UNMUTE_VOLUME, so "unmute" is always heard;
 * - resuming after a pause longer than RESUME_AT_LIVE_AFTER_MS starts again at the live edge
 *   (as Twitch does): a live stream resumed where it was paused is minutes-old news with
 *   nothing on screen to say so, and our viewers came for live;
 * - Go live moves to the live edge and plays;
 * - a quality is named as the menu names it (`720p`), or `auto`; an audio track by its id;
 * - audio-only (the sound alone) ends when a quality or Auto is chosen: a picture was asked for.
 */
export type PlayerRequest =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'toggle-play' }
  | { type: 'set-muted'; muted: boolean }
  | { type: 'toggle-mute' }
  | { type: 'set-volume'; volume: number }
  | { type: 'step-volume'; direction: 1 | -1 }
  | { type: 'set-quality'; quality: string }
  | { type: 'set-audio-track'; id: string }
  /** A text track by its id, or null: captions off. */
  | { type: 'set-text-track'; id: string | null }
  | { type: 'seek'; position: number }
  | { type: 'go-live' }
  /** The sound alone (Player.setAudioOnly), or the picture back. */
  | { type: 'set-audio-only'; enabled: boolean };

/** What the player is asked, in order. */
export type PlayerCall =
  | { call: 'play' }
  | { call: 'pause' }
  | { call: 'setMuted'; muted: boolean }
  | { call: 'setVolume'; volume: number }
  | { call: 'setQuality'; quality: Quality }
  | { call: 'setAutoQualityMode' }
  | { call: 'setAudioTrack'; id: string }
  | { call: 'setTextTrack'; id: string | null }
  | { call: 'seekTo'; position: number }
  | { call: 'seekToLive' }
  | { call: 'setAudioOnly'; enabled: boolean };

export type RequestRefusal = 'unknown-quality' | 'unknown-audio-track' | 'unknown-text-track' | 'not-playing';
export type RequestPlan = { ok: true; calls: PlayerCall[] } | { ok: false; reason: RequestRefusal };

/** The player's state as far as the rules need it. */
export interface RequestContext {
  paused: boolean;
  muted: boolean;
  volume: number;
  qualities: readonly Quality[];
  /** The ids of the stream's audio tracks (none where its audio is muxed). */
  audioTracks: readonly string[];
  /** The ids of the stream's text tracks (subtitles, captions). */
  textTracks: readonly string[];
  /** Whether a live source is loaded (Go live means nothing before one). */
  live: boolean;
  /** How long the viewer's pause has lasted (ms); 0 while playing. */
  pausedForMs: number;
  /** Whether the sound alone plays (Player state audioOnly). */
  audioOnly: boolean;
}

export const RESUME_AT_LIVE_AFTER_MS = 3000;
export const VOLUME_STEP = 0.05;
export const UNMUTE_VOLUME = 0.25;
export const AUTO_QUALITY = 'auto';

/** The volume one step leads to: 5 %, clamped, without float dust (0.65, not 0.6500000001). */
export function steppedVolume(volume: number, direction: 1 | -1): number {
  const next = Math.round((volume + direction * VOLUME_STEP) * 100) / 100;
  return Math.min(1, Math.max(0, next));
}

const ok = (...calls: PlayerCall[]): RequestPlan => ({ ok: true, calls });

function play(context: RequestContext): RequestPlan {
  const stale = context.live && context.paused && context.pausedForMs > RESUME_AT_LIVE_AFTER_MS;
  return stale ? ok({ call: 'seekToLive' }, { call: 'play' }) : ok({ call: 'play' });
}

/** `unmutes`: whether this change of volume also means "I want to hear it". */
function volume(next: number, unmutes: boolean, context: RequestContext): RequestPlan {
  const volume = Math.min(1, Math.max(0, next));
  const calls: PlayerCall[] = [{ call: 'setVolume', volume }];
  if (unmutes && volume > 0 && context.muted) calls.push({ call: 'setMuted', muted: false });
  return ok(...calls);
}

function muted(context: RequestContext, muted: boolean): RequestPlan {
  if (muted || context.volume > 0) return ok({ call: 'setMuted', muted });
  return ok({ call: 'setVolume', volume: UNMUTE_VOLUME }, { call: 'setMuted', muted: false });
}

export function planRequest(request: PlayerRequest, context: RequestContext): RequestPlan {
  switch (request.type) {
    case 'play':
      return play(context);
    case 'pause':
      return ok({ call: 'pause' });
    case 'toggle-play':
      return context.paused ? play(context) : ok({ call: 'pause' });
    case 'set-muted':
      return muted(context, request.muted);
    case 'toggle-mute':
      return muted(context, !context.muted);
    case 'set-volume':
      return volume(request.volume, true, context);
    case 'step-volume':
      return volume(steppedVolume(context.volume, request.direction), request.direction === 1, context);
    case 'set-quality': {
      const picture: PlayerCall[] = context.audioOnly ? [{ call: 'setAudioOnly', enabled: false }] : [];
      if (request.quality === AUTO_QUALITY) return ok(...picture, { call: 'setAutoQualityMode' });
      const quality = context.qualities.find((q) => q.name === request.quality);
      return quality ? ok(...picture, { call: 'setQuality', quality }) : { ok: false, reason: 'unknown-quality' };
    }
    case 'set-audio-only':
      return ok({ call: 'setAudioOnly', enabled: request.enabled });
    case 'set-audio-track':
      return context.audioTracks.includes(request.id)
        ? ok({ call: 'setAudioTrack', id: request.id })
        : { ok: false, reason: 'unknown-audio-track' };
    case 'set-text-track':
      return request.id === null || context.textTracks.includes(request.id)
        ? ok({ call: 'setTextTrack', id: request.id })
        : { ok: false, reason: 'unknown-text-track' };
    case 'seek':
      return Number.isFinite(request.position)
        ? ok({ call: 'seekTo', position: request.position })
        : { ok: false, reason: 'not-playing' };
    case 'go-live':
      return context.live ? ok({ call: 'seekToLive' }, { call: 'play' }) : { ok: false, reason: 'not-playing' };
  }
}
