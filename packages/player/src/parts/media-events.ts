import type { PlayTimeTicker } from '../analytics/analytics.ts';
import type { BufferingWatchdog } from './buffering-watchdog.ts';
import type { Emitter } from '../base/emitter.ts';
import type { PlayerEventMap } from '../types/events.ts';
import type { TimedCue } from '../metadata/timed-metadata.ts';
import type { LoadSession } from './load-session.ts';
import type { PlaybackIntent } from './playback-intent.ts';
import type { PlayerStore } from './player-store.ts';
import type { RateController } from './rate-controller.ts';
import { PlayerState, stateForMediaEvent } from '../types/state.ts';

/** The parts a media element event concerns; the current session is null between sources. */
export interface MediaEventParts {
  store: PlayerStore;
  emitter: Emitter<PlayerEventMap>;
  intent: PlaybackIntent;
  rate: RateController;
  watchdog: BufferingWatchdog;
  ticker: PlayTimeTicker;
  session: LoadSession | null;
  /**
   * Whether presented frames release the timed cues (frame-cues.ts: in step with the picture);
   * false where the element cannot tell its frames, and `timeupdate` releases them.
   */
  cuesFollowFrames(): boolean;
}

/** How long after its time a cue waits for its frame (frame-cues.ts) before timeupdate releases it. */
export const FRAMES_GRACE_S = 0.25;

/** Cues released: captions and metadata, each as its own event. */
export function emitCues(emitter: Emitter<PlayerEventMap>, cues: readonly TimedCue[]): void {
  for (const cue of cues) {
    if (cue.type === 'TextCue') emitter.emit('text-cue', cue);
    else emitter.emit('text-metadata-cue', cue);
  }
}

type Element = Pick<
  HTMLVideoElement,
  'paused' | 'ended' | 'muted' | 'volume' | 'playbackRate' | 'currentTime' | 'duration' | 'error'
>;

/**
 * Confirmed state comes up: one element event (MEDIA_EVENTS) told to each part it concerns,
 * then the playback state it confirms (state.ts) and the viewer's wish (`paused`) reach the
 * store. Play time is counted while, and only while, the state is Playing.
 */
export function routeMediaEvent(type: string, element: Element, nowMs: number, parts: MediaEventParts): void {
  const { store, emitter, intent, rate, watchdog, ticker, session } = parts;
  const previous = store.state.state;
  const next = stateForMediaEvent(type, previous, element);
  if (next && next !== previous && (next === PlayerState.Playing || previous === PlayerState.Playing)) {
    session?.sampler.onPlayingChanged(next === PlayerState.Playing, nowMs);
  }
  switch (type) {
    case 'playing':
      session?.onPlaying();
      watchdog.onPlaying(nowMs);
      intent.onPlaying();
      break;
    case 'waiting':
      // A paused element waiting for data is not rebuffering.
      if (element.paused) break;
      watchdog.onBuffering(nowMs);
      emitter.emit('rebuffering', {});
      if (store.state.rebufferToLive && session?.sink.isLive()) session.sink.seekToLiveEdge();
      break;
    case 'pause':
      watchdog.onStopped();
      intent.onPause(element.error !== null);
      ticker.onPause();
      break;
    case 'ended':
      intent.onEnded();
      break;
    case 'volumechange':
      store.setMuted(element.muted);
      store.setVolume(element.volume);
      break;
    case 'ratechange':
      if (!rate.onRateChange(element.playbackRate)) break;
      store.set({ playbackRate: element.playbackRate });
      emitter.emit('playback-rate-changed', { playbackRate: element.playbackRate });
      break;
    case 'seeked':
      emitter.emit('seek-completed', { position: element.currentTime });
      break;
    case 'durationchange':
      store.set({ duration: session?.sink.isLive() ? Number.POSITIVE_INFINITY : element.duration });
      break;
    case 'timeupdate': {
      // Where frames release the cues, this is the fallback for frames that never come (an
      // audio-only stream, a background tab): what they have not released a little after its time.
      const position = parts.cuesFollowFrames() ? element.currentTime - FRAMES_GRACE_S : element.currentTime;
      emitCues(emitter, session?.dueCues(position) ?? []);
      break;
    }
    case 'error':
      if (element.error) session?.handleMediaError(element.error.code, element.error.message);
      break;
  }
  store.set({ ...(next ? { state: next } : {}), paused: !intent.wantsPlay });
}
