import type { CastState } from '../types/payloads.ts';
import { PlayerState } from '../types/state.ts';
import { classifyCastError } from './cast-errors.ts';

/**
 * SPEC §4 "Remote (cast) session", as a pure state machine: the sink feeds it what the Cast
 * framework (or the Remote Playback API) says, and carries out the effects it returns.
 * - `unavailable`: no receiver; the cast button is hidden;
 * - `available`: a receiver could be asked; the button shows;
 * - `connecting`: the viewer asked, the framework is opening a session;
 * - `connected`: the receiver plays; the local element is stopped and fetches nothing.
 */
export type { CastState };

export type CastEvent =
  | { type: 'availability'; available: boolean }
  /** The viewer pressed the cast button. */
  | { type: 'request' }
  | { type: 'session-started' }
  /** Stopped by the viewer, cancelled from the receiver's side, or dropped (the receiver went away). */
  | { type: 'session-ended'; reason: 'stopped' | 'cancelled' | 'dropped' }
  /** A failure, with the framework's error code (cast-errors.ts). */
  | { type: 'failed'; code: string | undefined };

export type CastEffect =
  | { type: 'request-session' }
  /** Load the stream on the receiver (at its live edge) and stop the local element. */
  | { type: 'start-remote' }
  /** Play locally again, at the live edge. */
  | { type: 'resume-local' }
  /** Close the session on the receiver too (it failed while connected). */
  | { type: 'end-session' }
  | { type: 'report'; message: string };

export interface CastTransition {
  state: CastState;
  effects: CastEffect[];
}

/**
 * `receivers` is whether the framework last said a receiver is around; the caller keeps it
 * through sessions (an availability change while connected changes no state), so that what
 * follows a session or a failed request is the receiver list as it is now, not as it was.
 */
export function castTransition(state: CastState, event: CastEvent, receivers = true): CastTransition {
  const idle: CastState = receivers ? 'available' : 'unavailable';
  switch (event.type) {
    case 'availability':
      // A session in progress outlives the receiver list's changes.
      if (state === 'connecting' || state === 'connected') return { state, effects: [] };
      return { state: event.available ? 'available' : 'unavailable', effects: [] };
    case 'request':
      if (state !== 'available') return { state, effects: [] };
      return { state: 'connecting', effects: [{ type: 'request-session' }] };
    case 'session-started':
      if (state === 'connected') return { state, effects: [] };
      return { state: 'connected', effects: [{ type: 'start-remote' }] };
    case 'session-ended':
      if (state !== 'connected' && state !== 'connecting') return { state, effects: [] };
      return { state: idle, effects: state === 'connected' ? [{ type: 'resume-local' }] : [] };
    case 'failed': {
      // A failure with nothing under way (a late duplicate of one already handled) changes nothing.
      if (state !== 'connecting' && state !== 'connected') return { state, effects: [] };
      const outcome = classifyCastError(event.code);
      // A failure while connected (the load): the session closes, and playback comes home.
      const resume: CastEffect[] = state === 'connected' ? [{ type: 'end-session' }, { type: 'resume-local' }] : [];
      if (outcome.type === 'cancelled') return { state: idle, effects: resume };
      if (outcome.type === 'receiver-unavailable') return { state: 'unavailable', effects: resume };
      return { state: idle, effects: [...resume, { type: 'report', message: outcome.message }] };
    }
  }
}

/** The receiver's player state, as the Cast framework names it. */
export type RemotePlayerState = 'IDLE' | 'BUFFERING' | 'PLAYING' | 'PAUSED';

/**
 * SPEC §4: playback on a cast sink moves between buffering (the receiver idle or buffering),
 * playing, and finished (ended: idle because the media finished); a paused receiver is Ready.
 */
export function playerStateForRemote(state: RemotePlayerState, idleReason?: string): PlayerState {
  switch (state) {
    case 'PLAYING':
      return PlayerState.Playing;
    case 'PAUSED':
      return PlayerState.Ready;
    case 'IDLE':
      return idleReason === 'FINISHED' ? PlayerState.Ended : PlayerState.Buffering;
    case 'BUFFERING':
      return PlayerState.Buffering;
  }
}
