import type { EmbedEvent } from '@onair/embed-sdk/protocol';
import { PlayerState, type PlayerError, type PlayerStateObject } from '@onair/player';
import { playerErrorCopy } from '../lib/player-error-copy.ts';

/** The part of the player's state the host page hears about. */
export type EventSource = Pick<PlayerStateObject, 'paused' | 'state' | 'volume' | 'muted' | 'error'>;

/**
 * The host events one state change means, in the order they happened to the viewer: the wish
 * (play/pause) before what the element did about it (playing/ended), sound, then an error.
 * Pure: the bridge keeps the previous state and posts what this returns. Quality and
 * playback-blocked are the player's own events, forwarded as they come.
 */
export function playerEvents(previous: EventSource, next: EventSource): EmbedEvent[] {
  const events: EmbedEvent[] = [];
  if (next.paused !== previous.paused) events.push({ event: next.paused ? 'pause' : 'play' });
  if (next.state !== previous.state) {
    if (next.state === PlayerState.Playing) events.push({ event: 'playing' });
    if (next.state === PlayerState.Ended) events.push({ event: 'ended' });
  }
  if (next.volume !== previous.volume || next.muted !== previous.muted) {
    events.push({ event: 'volume', volume: next.volume, muted: next.muted });
  }
  if (next.error && next.error !== previous.error) {
    // The viewer's words, never the engine's message (which can carry URLs and tokens).
    events.push({ event: 'error', errorType: next.error.type, message: playerErrorCopy(next.error) });
  }
  return events;
}

/**
 * What the host page is taken to know when it starts listening: nothing played yet, the sound
 * as it is now. So a player that is already playing (autoplay starts before the app) is told
 * as play, playing; and no volume event is sent for a volume nobody changed.
 */
export function unheardState(current: EventSource): EventSource {
  return { paused: true, state: PlayerState.Idle, volume: current.volume, muted: current.muted, error: null };
}

/**
 * The player's error as the host page hears it. A live stream gone (NotAvailable, its playlist
 * answering 404) is most often a stream that ended a moment before the realtime news of it came
 * (that news waits for the viewer's picture: player/pdt-gate.ts). The screen asks the channel
 * again first (player-screen/use-stream-gone.ts); until it shows the error (`shown`), the host
 * page hears none: a stream that ends is told as offline, never as an error and then offline.
 */
export function heardError(error: PlayerError | null, shown: PlayerError | null): PlayerError | null {
  return error && (error.type !== 'NotAvailable' || error === shown) ? error : null;
}
