import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from './analytics.ts';
import type { Quality } from '../types/quality.ts';
import { initialState, PlayerState, type PlayerStateObject } from '../types/state.ts';
import { GPU_INIT_WAIT_MS, MINUTE_WATCHED_MS, ViewAnalytics } from './view-analytics.ts';

const QUALITY_720: Quality = {
  name: '720p',
  group: '720p',
  codecs: 'avc1.4d401f,mp4a.40.2',
  bitrate: 3_000_000,
  width: 1280,
  height: 720,
  framerate: 30,
};

const GPU_FIELDS = { gpu_supported: false, gpu_unsupported_reason: 'not-requested' };

function playerState(patch: Partial<PlayerStateObject>): PlayerStateObject {
  return { ...initialState(), sink: 'mse-worker', quality: QUALITY_720, sessionId: 'session-1', ...patch };
}

function setup(fields: () => Record<string, string | number | boolean | null> = () => GPU_FIELDS) {
  const events: AnalyticsEvent[] = [];
  const timers = { setTimeout, clearTimeout } as unknown as ConstructorParameters<typeof ViewAnalytics>[2];
  const analytics = new ViewAnalytics((event) => events.push(event), fields, timers);
  const named = (name: string) => events.filter((event) => event.name === name);
  return { analytics, events, named };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ViewAnalytics: video-play', () => {
  it('emits video-play when the state becomes Playing, with sink, quality, session id, platform and the GPU fields', () => {
    const { analytics, events } = setup();
    analytics.onState(playerState({ state: PlayerState.Playing }), true);
    expect(events).toEqual([
      {
        name: 'video-play',
        properties: {
          sink: 'mse-worker',
          quality: '720p',
          session_id: 'session-1',
          app_platform: 'web',
          gpu_supported: false,
          gpu_unsupported_reason: 'not-requested',
        },
      },
    ]);
  });

  it('emits nothing for Idle, Ready, Buffering or Ended', () => {
    const { analytics, events } = setup();
    for (const state of [PlayerState.Idle, PlayerState.Ready, PlayerState.Buffering, PlayerState.Ended]) {
      analytics.onState(playerState({ state }), true);
    }
    expect(events).toEqual([]);
  });

  it('emits video-play once per load, however often it plays again (a sink switch is no new play)', () => {
    const { analytics, named } = setup();
    analytics.onState(playerState({ state: PlayerState.Playing }), true);
    analytics.onState(playerState({ state: PlayerState.Buffering }), true);
    analytics.onState(playerState({ state: PlayerState.Playing, sessionId: 'session-2' }), true);
    expect(named('video-play')).toHaveLength(1);
  });

  it('emits video-play again for the next load, once it plays', () => {
    const { analytics, named } = setup();
    analytics.onState(playerState({ state: PlayerState.Playing, sessionId: 'session-1' }), true);
    analytics.onLoad();
    analytics.onState(playerState({ state: PlayerState.Ready, sessionId: 'session-2' }), true);
    expect(named('video-play')).toHaveLength(1);
    analytics.onState(playerState({ state: PlayerState.Playing, sessionId: 'session-2' }), true);
    expect(named('video-play').map((event) => event.properties.session_id)).toEqual(['session-1', 'session-2']);
  });

  it('waits for the GPU path to say what it found, then carries it', () => {
    let fields: Record<string, string | boolean | null> = GPU_FIELDS;
    const { analytics, named } = setup(() => fields);
    analytics.onState(playerState({ state: PlayerState.Playing }), false);
    expect(named('video-play')).toEqual([]);
    fields = { gpu_supported: true, gpu_unsupported_reason: null };
    analytics.onState(playerState({ state: PlayerState.Playing }), true);
    expect(named('video-play').map((event) => event.properties.gpu_supported)).toEqual([true]);
    vi.advanceTimersByTime(GPU_INIT_WAIT_MS);
    expect(named('video-play')).toHaveLength(1);
  });

  it('sends what it knows when the GPU path has not answered within the wait', () => {
    const { analytics, named } = setup();
    analytics.onState(playerState({ state: PlayerState.Playing }), false);
    vi.advanceTimersByTime(GPU_INIT_WAIT_MS - 1);
    expect(named('video-play')).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(named('video-play').at(0)?.properties).toMatchObject({ gpu_unsupported_reason: 'not-requested' });
  });

  it('sends a waiting video-play at once when the player goes, and nothing after', () => {
    const { analytics, named } = setup();
    analytics.onState(playerState({ state: PlayerState.Playing }), false);
    analytics.destroy();
    expect(named('video-play')).toHaveLength(1);
    vi.advanceTimersByTime(GPU_INIT_WAIT_MS);
    expect(named('video-play')).toHaveLength(1);
  });

  it('sends a waiting video-play when another source loads, before that one plays', () => {
    const { analytics, named } = setup();
    analytics.onState(playerState({ state: PlayerState.Playing, sessionId: 'session-1' }), false);
    analytics.onLoad();
    expect(named('video-play').map((event) => event.properties.session_id)).toEqual(['session-1']);
  });

  it('waits past GPU_INIT_WAIT_MS while the GPU path initialises on a canvas, then carries what it found', () => {
    let pending = true;
    let fields: Record<string, string | boolean | null> = GPU_FIELDS;
    const events: AnalyticsEvent[] = [];
    const timers = { setTimeout, clearTimeout } as unknown as ConstructorParameters<typeof ViewAnalytics>[2];
    const analytics = new ViewAnalytics(
      (event) => events.push(event),
      () => fields,
      timers,
      () => pending,
    );
    analytics.onState(playerState({ state: PlayerState.Playing }), false);
    vi.advanceTimersByTime(3 * GPU_INIT_WAIT_MS);
    expect(events).toEqual([]);
    pending = false;
    fields = { gpu_supported: true, gpu_unsupported_reason: null };
    analytics.onState(playerState({ state: PlayerState.Playing }), true);
    expect(events.map((event) => event.properties.gpu_supported)).toEqual([true]);
  });

  it('carries the fields as they are when it plays, not as they were at construction', () => {
    let fields: Record<string, string | boolean | null> = GPU_FIELDS;
    const { analytics, named } = setup(() => fields);
    fields = { gpu_supported: true, gpu_unsupported_reason: null };
    analytics.onState(playerState({ state: PlayerState.Playing }), true);
    expect(named('video-play').at(0)?.properties).toMatchObject({ gpu_supported: true, gpu_unsupported_reason: null });
  });

  it('carries a null quality and a null sink when none is known yet', () => {
    const { analytics, named } = setup();
    analytics.onState(playerState({ state: PlayerState.Playing, quality: null, sink: null }), true);
    expect(named('video-play').at(0)?.properties).toMatchObject({ quality: null, sink: null });
  });
});

describe('ViewAnalytics: minute-watched', () => {
  it('is one minute of play: 60 000 ms', () => {
    expect(MINUTE_WATCHED_MS).toBe(60_000);
  });

  it('emits minute-watched only once a full minute of play has been added, in whatever pieces', () => {
    const { analytics, named } = setup();
    analytics.addPlayTime(59_999);
    expect(named('minute-watched')).toEqual([]);
    analytics.addPlayTime(1);
    expect(named('minute-watched')).toEqual([
      {
        name: 'minute-watched',
        properties: {
          minutes_watched: 1,
          app_platform: 'web',
          gpu_supported: false,
          gpu_unsupported_reason: 'not-requested',
        },
      },
    ]);
  });

  it('counts the minutes 1, 2, 3, … one event per minute, also when one piece holds several minutes', () => {
    const { analytics, named } = setup();
    analytics.addPlayTime(30_000);
    analytics.addPlayTime(30_000);
    analytics.addPlayTime(2 * MINUTE_WATCHED_MS + 59_999);
    analytics.addPlayTime(1);
    expect(named('minute-watched').map((event) => event.properties.minutes_watched)).toEqual([1, 2, 3, 4]);
  });

  it('reads the fields at each minute', () => {
    const fields = vi.fn(() => GPU_FIELDS);
    const { analytics } = setup(fields);
    analytics.addPlayTime(MINUTE_WATCHED_MS);
    analytics.addPlayTime(MINUTE_WATCHED_MS);
    expect(fields).toHaveBeenCalledTimes(2);
  });

  it('counts no play time from zero or negative pieces', () => {
    const { analytics, named } = setup();
    analytics.addPlayTime(59_999);
    analytics.addPlayTime(0);
    analytics.addPlayTime(-5_000);
    expect(named('minute-watched')).toEqual([]);
  });

  it('emits no minute-watched for a video-play, nor a video-play for a minute', () => {
    const { analytics, events } = setup();
    analytics.onState(playerState({ state: PlayerState.Playing }), true);
    analytics.addPlayTime(MINUTE_WATCHED_MS);
    expect(events.map((event) => event.name)).toEqual(['video-play', 'minute-watched']);
  });
});
