import type { Quality } from '@onair/player';
import { describe, expect, it } from 'vitest';
import {
  planRequest,
  RESUME_AT_LIVE_AFTER_MS,
  steppedVolume,
  UNMUTE_VOLUME,
  type PlayerRequest,
  type RequestContext,
} from './requests.ts';

const q = (name: string): Quality =>
  ({ name, group: name, codecs: '', bitrate: 1, width: 1, height: 1, framerate: 30, isDefault: false }) as Quality;

const playing: RequestContext = {
  paused: false,
  muted: false,
  volume: 0.5,
  qualities: [q('720p'), q('360p')],
  audioTracks: ['English', 'Français'],
  textTracks: ['subs:en'],
  live: true,
  pausedForMs: 0,
  audioOnly: false,
};
const calls = (request: PlayerRequest, context: Partial<RequestContext> = {}) => {
  const plan = planRequest(request, { ...playing, ...context });
  return plan.ok ? plan.calls : plan.reason;
};

describe('player requests: one set of rules for controls, keyboard, media session and host page', () => {
  it('plays and pauses, toggling on the viewer wish', () => {
    expect(calls({ type: 'pause' })).toEqual([{ call: 'pause' }]);
    expect(calls({ type: 'toggle-play' })).toEqual([{ call: 'pause' }]);
    expect(calls({ type: 'toggle-play' }, { paused: true })).toEqual([{ call: 'play' }]);
    expect(calls({ type: 'play' }, { paused: true, pausedForMs: RESUME_AT_LIVE_AFTER_MS })).toEqual([{ call: 'play' }]);
  });

  it('resumes at the live edge after a pause longer than 3 s, however it is asked', () => {
    const stale = { paused: true, pausedForMs: RESUME_AT_LIVE_AFTER_MS + 1 };
    const resume = [{ call: 'seekToLive' }, { call: 'play' }];
    expect(calls({ type: 'play' }, stale)).toEqual(resume);
    expect(calls({ type: 'toggle-play' }, stale)).toEqual(resume);
    // Before a source there is no edge to go to.
    expect(calls({ type: 'play' }, { ...stale, live: false })).toEqual([{ call: 'play' }]);
  });

  it('unmutes when the volume is set above 0 or stepped up, not when stepped down', () => {
    expect(calls({ type: 'set-volume', volume: 0.3 }, { muted: true })).toEqual([
      { call: 'setVolume', volume: 0.3 },
      { call: 'setMuted', muted: false },
    ]);
    expect(calls({ type: 'set-volume', volume: 0 }, { muted: true })).toEqual([{ call: 'setVolume', volume: 0 }]);
    expect(calls({ type: 'step-volume', direction: 1 }, { muted: true })).toEqual([
      { call: 'setVolume', volume: 0.55 },
      { call: 'setMuted', muted: false },
    ]);
    expect(calls({ type: 'step-volume', direction: -1 }, { muted: true })).toEqual([
      { call: 'setVolume', volume: 0.45 },
    ]);
    expect(calls({ type: 'set-volume', volume: 7 })).toEqual([{ call: 'setVolume', volume: 1 }]);
  });

  it('makes unmute audible: at volume 0 it raises the volume too', () => {
    expect(calls({ type: 'toggle-mute' }, { muted: true, volume: 0 })).toEqual([
      { call: 'setVolume', volume: UNMUTE_VOLUME },
      { call: 'setMuted', muted: false },
    ]);
    expect(calls({ type: 'set-muted', muted: false }, { muted: true })).toEqual([{ call: 'setMuted', muted: false }]);
    expect(calls({ type: 'toggle-mute' })).toEqual([{ call: 'setMuted', muted: true }]);
  });

  it('picks a quality by its name, or auto, and refuses a name it does not have', () => {
    expect(calls({ type: 'set-quality', quality: '360p' })).toEqual([{ call: 'setQuality', quality: q('360p') }]);
    expect(calls({ type: 'set-quality', quality: 'auto' })).toEqual([{ call: 'setAutoQualityMode' }]);
    expect(calls({ type: 'set-quality', quality: '4320p' })).toBe('unknown-quality');
  });

  it('turns the sound alone on and off, and a chosen quality brings the picture back', () => {
    expect(calls({ type: 'set-audio-only', enabled: true })).toEqual([{ call: 'setAudioOnly', enabled: true }]);
    const listening = { audioOnly: true };
    expect(calls({ type: 'set-quality', quality: '360p' }, listening)).toEqual([
      { call: 'setAudioOnly', enabled: false },
      { call: 'setQuality', quality: q('360p') },
    ]);
    expect(calls({ type: 'set-quality', quality: 'auto' }, listening)).toEqual([
      { call: 'setAudioOnly', enabled: false },
      { call: 'setAutoQualityMode' },
    ]);
    expect(calls({ type: 'set-quality', quality: '4320p' }, listening)).toBe('unknown-quality');
  });

  it('chooses an audio track by its id, and refuses one the stream does not have', () => {
    expect(calls({ type: 'set-audio-track', id: 'Français' })).toEqual([{ call: 'setAudioTrack', id: 'Français' }]);
    expect(calls({ type: 'set-audio-track', id: 'Deutsch' })).toBe('unknown-audio-track');
    expect(calls({ type: 'set-text-track', id: 'subs:en' })).toEqual([{ call: 'setTextTrack', id: 'subs:en' }]);
    expect(calls({ type: 'set-text-track', id: null })).toEqual([{ call: 'setTextTrack', id: null }]);
    expect(calls({ type: 'set-text-track', id: 'subs:de' })).toBe('unknown-text-track');
  });

  it('goes live (and plays) only where a live source is loaded', () => {
    expect(calls({ type: 'go-live' }, { paused: true })).toEqual([{ call: 'seekToLive' }, { call: 'play' }]);
    expect(calls({ type: 'go-live' }, { live: false })).toBe('not-playing');
  });

  it('steps the volume by 5 % without float dust, clamped', () => {
    expect(steppedVolume(0.6, 1)).toBe(0.65);
    expect(steppedVolume(0.98, 1)).toBe(1);
    expect(steppedVolume(0.02, -1)).toBe(0);
    expect(steppedVolume(0.1 + 0.2, 1)).toBe(0.35);
  });
});
