import { clampVolume } from './clamp.ts';
import { Emitter } from './emitter.ts';
import { createMseSink, mseSupported } from './sinks/mse-sink.ts';
import { createPassthroughSink } from './sinks/passthrough-sink.ts';
import { selectSink } from './sinks/select-sink.ts';
import type { Sink, SinkHost } from './sinks/sink.ts';
import {
  ErrorType,
  PlayerState,
  type PlayerError,
  type PlayerEventMap,
  type PlayerSnapshot,
  type SinkType,
} from './types.ts';

export const PLAYER_VERSION = '1.31.0';

export interface PlayerConfig {
  /** Force a sink (tests, debugging); otherwise MediaSource wins where it exists. */
  sink?: SinkType;
}

export interface Player {
  attachMedia(video: HTMLVideoElement): void;
  load(url: string): void;
  play(): Promise<void>;
  pause(): void;
  setMuted(muted: boolean): void;
  setVolume(volume: number): void;
  getState(): PlayerSnapshot;
  /** Called after every state change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  on<K extends keyof PlayerEventMap>(type: K, listener: (payload: PlayerEventMap[K]) => void): void;
  off<K extends keyof PlayerEventMap>(type: K, listener: (payload: PlayerEventMap[K]) => void): void;
  delete(): void;
}

const MEDIA_EVENTS = ['loadedmetadata', 'playing', 'waiting', 'pause', 'ended', 'volumechange'] as const;

/**
 * The Player facade. Requests go down (play, mute); confirmed state comes up from the media
 * element's events, so the snapshot never claims what the element has not done.
 */
export function createPlayer(config: PlayerConfig = {}): Player {
  let video: HTMLVideoElement | null = null;
  let sink: Sink | null = null;
  let deleted = false;
  let snapshot: PlayerSnapshot = {
    state: PlayerState.Idle,
    muted: false,
    volume: 1,
    paused: true,
    sink: null,
    error: null,
  };
  const subscribers = new Set<() => void>();
  const emitter = new Emitter<PlayerEventMap>((error) =>
    reportError({ type: ErrorType.Error, code: 0, source: 'listener', message: String(error), fatal: false }),
  );

  function update(patch: Partial<PlayerSnapshot>): void {
    const next = { ...snapshot, ...patch };
    if ((Object.keys(patch) as (keyof PlayerSnapshot)[]).every((k) => next[k] === snapshot[k])) return;
    const stateChanged = next.state !== snapshot.state;
    snapshot = next;
    for (const subscriber of [...subscribers]) subscriber();
    if (stateChanged) emitter.emit('state-changed', { state: next.state });
  }

  function reportError(error: PlayerError): void {
    if (error.fatal) update({ error });
    emitter.emit('error', error);
  }

  function onMediaEvent(event: Event): void {
    const element = event.target as HTMLVideoElement;
    switch (event.type) {
      case 'loadedmetadata':
        if (snapshot.state === PlayerState.Idle) update({ state: PlayerState.Ready });
        break;
      case 'playing':
        update({ state: PlayerState.Playing, paused: false });
        break;
      case 'waiting':
        update({ state: PlayerState.Buffering });
        break;
      case 'pause':
        if (!element.ended) update({ state: PlayerState.Idle, paused: true });
        break;
      case 'ended':
        update({ state: PlayerState.Ended, paused: true });
        break;
      case 'volumechange':
        update({ muted: element.muted, volume: element.volume });
        break;
    }
  }

  function onVisibilityChange(): void {
    // Playback never starts in a hidden page; once visible again, a play request resumes.
    if (!document.hidden && video && !snapshot.paused && video.paused) void api.play();
  }

  const host: SinkHost = {
    get video() {
      if (!video) throw new Error('No media element attached');
      return video;
    },
    onError: reportError,
  };

  function alive(): boolean {
    if (deleted) console.warn('Method called on deleted player instance.');
    return !deleted;
  }

  const api: Player = {
    attachMedia(element) {
      if (!alive()) return;
      video = element;
      video.volume = snapshot.volume;
      video.muted = snapshot.muted;
      for (const type of MEDIA_EVENTS) video.addEventListener(type, onMediaEvent);
      document.addEventListener('visibilitychange', onVisibilityChange);
    },

    load(url) {
      if (!alive()) return;
      if (!video) {
        reportError({
          type: ErrorType.InvalidState,
          code: 0,
          source: 'load',
          message: 'attachMedia() first',
          fatal: true,
        });
        return;
      }
      sink?.destroy();
      const type = selectSink(
        { mediaSource: mseSupported(), nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '' },
        config.sink,
      );
      if (!type) {
        reportError({
          type: ErrorType.NotSupported,
          code: 0,
          source: 'load',
          message: 'This browser can play neither MediaSource nor native HLS',
          fatal: true,
        });
        return;
      }
      sink = type === 'mse' ? createMseSink(host) : createPassthroughSink(host);
      update({ sink: type, error: null, state: PlayerState.Idle });
      sink.load(url);
    },

    async play() {
      if (!alive() || !video) return;
      update({ paused: false });
      if (document.hidden) return;
      try {
        await video.play();
      } catch (error) {
        const name = (error as DOMException | undefined)?.name;
        if (name === 'AbortError' || snapshot.paused) return; // superseded by a load or a pause
        if (name === 'NotAllowedError' && !video.muted) {
          // Autoplay with sound refused: retry silently, and tell the page so it can show muted.
          video.muted = true;
          emitter.emit('audio-blocked', {});
          try {
            await video.play();
            return;
          } catch {
            // fall through: even muted playback is refused
          }
        }
        video.pause();
        update({ paused: true });
        emitter.emit('playback-blocked', {});
      }
    },

    pause() {
      if (!alive() || !video) return;
      update({ paused: true });
      video.pause();
    },

    setMuted(muted) {
      if (!alive()) return;
      if (video) video.muted = muted;
      else update({ muted });
    },

    setVolume(volume) {
      if (!alive()) return;
      const clamped = clampVolume(volume);
      if (video) video.volume = clamped;
      else update({ volume: clamped });
    },

    getState: () => snapshot,

    subscribe(listener) {
      subscribers.add(listener);
      return () => subscribers.delete(listener);
    },

    on: (type, listener) => emitter.on(type, listener),
    off: (type, listener) => emitter.off(type, listener),

    delete() {
      if (!alive()) return;
      sink?.destroy();
      sink = null;
      if (video) for (const type of MEDIA_EVENTS) video.removeEventListener(type, onMediaEvent);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      video = null;
      subscribers.clear();
      emitter.clear();
      deleted = true;
    },
  };
  return api;
}
