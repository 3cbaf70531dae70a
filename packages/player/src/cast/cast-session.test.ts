import { describe, expect, it } from 'vitest';
import { PlayerState } from '../types/state.ts';
import { CastErrorMessage, classifyCastError } from './cast-errors.ts';
import { castLoadRequest, CAST_DEFAULT_SEEK_TIME } from './cast-media.ts';
import { castTransition, playerStateForRemote, type CastEvent, type CastState } from './cast-session.ts';

/** Runs events from a state; the last state and every effect on the way. */
function run(from: CastState, ...events: CastEvent[]) {
  let state = from;
  const effects = [];
  for (const event of events) {
    const next = castTransition(state, event);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
}

describe('the cast session (SPEC §4)', () => {
  it('shows the button only while a receiver is available', () => {
    expect(run('unavailable', { type: 'availability', available: true }).state).toBe('available');
    expect(run('available', { type: 'availability', available: false }).state).toBe('unavailable');
  });

  it('asks for a session when the viewer presses the button, and only then', () => {
    expect(run('available', { type: 'request' })).toEqual({
      state: 'connecting',
      effects: [{ type: 'request-session' }],
    });
    expect(run('unavailable', { type: 'request' })).toEqual({ state: 'unavailable', effects: [] });
    expect(run('connected', { type: 'request' }).effects).toEqual([]);
  });

  it('moves playback to the receiver when the session starts', () => {
    expect(run('connecting', { type: 'session-started' })).toEqual({
      state: 'connected',
      effects: [{ type: 'start-remote' }],
    });
  });

  it('resumes local playback when the session ends by stop, cancel or a dropped receiver', () => {
    for (const reason of ['stopped', 'cancelled', 'dropped'] as const) {
      expect(run('connected', { type: 'session-ended', reason })).toEqual({
        state: 'available',
        effects: [{ type: 'resume-local' }],
      });
    }
  });

  it('keeps a session through changes of the receiver list', () => {
    expect(run('connected', { type: 'availability', available: false }).state).toBe('connected');
    expect(run('connecting', { type: 'availability', available: false }).state).toBe('connecting');
  });

  it('after a session or a failed request, shows the receiver list as it is then', () => {
    // The receivers went while connected: the session ends with no button to press.
    expect(castTransition('connected', { type: 'session-ended', reason: 'dropped' }, false)).toEqual({
      state: 'unavailable',
      effects: [{ type: 'resume-local' }],
    });
    expect(castTransition('connecting', { type: 'failed', code: 'cancel' }, false).state).toBe('unavailable');
    expect(castTransition('connecting', { type: 'failed', code: 'session_error' }, false).state).toBe('unavailable');
    // Still there: the button stays.
    expect(castTransition('connecting', { type: 'failed', code: 'session_error' }, true).state).toBe('available');
  });

  it('reports a refused session and stays local', () => {
    expect(run('available', { type: 'request' }, { type: 'failed', code: 'session_error' })).toEqual({
      state: 'available',
      effects: [{ type: 'request-session' }, { type: 'report', message: 'Chromecast session error' }],
    });
  });

  it('resumes local playback and reports when the receiver cannot load the media', () => {
    expect(run('connected', { type: 'failed', code: 'load_media_failed' }).effects).toEqual([
      { type: 'end-session' },
      { type: 'resume-local' },
      { type: 'report', message: 'Chromecast load media failed' },
    ]);
  });

  it('ignores a failure when nothing is under way (the framework reports some twice)', () => {
    expect(run('available', { type: 'failed', code: 'session_error' })).toEqual({ state: 'available', effects: [] });
  });

  it('says nothing when the viewer cancels the picker, and hides the button when the receiver is gone', () => {
    expect(run('connecting', { type: 'failed', code: 'cancel' })).toEqual({ state: 'available', effects: [] });
    expect(run('connecting', { type: 'failed', code: 'receiver_unavailable' })).toEqual({
      state: 'unavailable',
      effects: [],
    });
  });
});

describe('cast errors (SPEC §8)', () => {
  it('maps each framework code to its message or outcome', () => {
    expect(classifyCastError('session_error')).toEqual({ type: 'error', message: CastErrorMessage.SessionError });
    expect(classifyCastError('SESSION_ERROR')).toEqual({ type: 'error', message: 'Chromecast session error' });
    expect(classifyCastError('load_media_failed')).toEqual({ type: 'error', message: 'Chromecast load media failed' });
    expect(classifyCastError('receiver_unavailable')).toEqual({ type: 'receiver-unavailable' });
    expect(classifyCastError('cancel')).toEqual({ type: 'cancelled' });
  });

  it('calls anything else a failed request', () => {
    for (const code of ['timeout', 'channel_error', 'extension_missing', undefined]) {
      expect(classifyCastError(code)).toEqual({ type: 'error', message: 'Error requesting chromecast session' });
    }
  });
});

describe('the receiver’s states as player states (SPEC §4)', () => {
  it('is buffering while idle or buffering, playing while playing, ended when finished', () => {
    expect(playerStateForRemote('IDLE')).toBe(PlayerState.Buffering);
    expect(playerStateForRemote('BUFFERING')).toBe(PlayerState.Buffering);
    expect(playerStateForRemote('PLAYING')).toBe(PlayerState.Playing);
    expect(playerStateForRemote('PAUSED')).toBe(PlayerState.Ready);
    expect(playerStateForRemote('IDLE', 'FINISHED')).toBe(PlayerState.Ended);
  });
});

describe('the load request (SPEC §7, §9)', () => {
  it('loads the absolute stream URL as HLS, buffered, from 0, with the sender’s analytics', () => {
    const request = castLoadRequest('/hls/studio-live/master.m3u8', 'http://127.0.0.1:8080/studio-live', '2.1.0');
    expect(request).toEqual({
      media: {
        contentId: 'http://127.0.0.1:8080/hls/studio-live/master.m3u8',
        contentType: 'application/x-mpegurl',
        streamType: 'BUFFERED',
        customData: { analytics: { chromecast_sender: '2.1.0', platform: 'web' } },
      },
      currentTime: CAST_DEFAULT_SEEK_TIME,
      autoplay: true,
    });
    expect(CAST_DEFAULT_SEEK_TIME).toBe(0);
  });
});
