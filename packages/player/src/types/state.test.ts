import { describe, expect, it } from 'vitest';
import { initialState, PlayerState, stateForMediaEvent } from './state.ts';
import { computeStatistics } from '../analytics/statistics.ts';
import { Emitter } from '../base/emitter.ts';

const playing = { ended: false, paused: false };

describe('player state transitions', () => {
  it('follows the media element: ready, playing, buffering, idle on pause, ended', () => {
    expect(stateForMediaEvent('loadedmetadata', PlayerState.Idle, playing)).toBe(PlayerState.Ready);
    expect(stateForMediaEvent('loadedmetadata', PlayerState.Playing, playing)).toBeNull();
    expect(stateForMediaEvent('playing', PlayerState.Ready, playing)).toBe(PlayerState.Playing);
    expect(stateForMediaEvent('waiting', PlayerState.Playing, playing)).toBe(PlayerState.Buffering);
    expect(stateForMediaEvent('waiting', PlayerState.Idle, { ended: false, paused: true })).toBeNull();
    expect(stateForMediaEvent('pause', PlayerState.Playing, { ended: false, paused: true })).toBe(PlayerState.Idle);
    expect(stateForMediaEvent('pause', PlayerState.Playing, { ended: true, paused: true })).toBeNull();
    expect(stateForMediaEvent('ended', PlayerState.Playing, { ended: true, paused: true })).toBe(PlayerState.Ended);
    expect(stateForMediaEvent('timeupdate', PlayerState.Playing, playing)).toBeNull();
  });

  it('starts idle with volume 1, auto quality and low latency on', () => {
    const s = initialState();
    expect(s).toMatchObject({ state: 'Idle', volume: 1, autoQualityMode: true, liveLowLatencyEnabled: true });
  });
});

describe('statistics', () => {
  it('derives the framerate from decoded frames between two readings', () => {
    const stats = computeStatistics(
      { decodedFrames: 100, droppedFrames: 0, atMs: 0 },
      { decodedFrames: 130, droppedFrames: 2, atMs: 1000 },
      2_000_000,
    );
    expect(stats).toEqual({ bitrate: 2_000_000, framerate: 30, droppedFrames: 2, decodedFrames: 130 });
    expect(computeStatistics(null, { decodedFrames: 5, droppedFrames: 0, atMs: 1 }, 0).framerate).toBe(0);
  });
});

describe('emitter', () => {
  it('turns a throwing listener into an error report and still runs the others', () => {
    const errors: unknown[] = [];
    const seen: number[] = [];
    const emitter = new Emitter<{ tick: number }>((error) => errors.push(error));
    emitter.on('tick', () => {
      throw new Error('boom');
    });
    emitter.on('tick', (n) => seen.push(n));
    emitter.emit('tick', 7);
    expect(seen).toEqual([7]);
    expect(errors).toHaveLength(1);
  });
});
