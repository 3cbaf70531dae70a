import { describe, expect, it } from 'vitest';
import { decodeCommand, decodeEvent } from './protocol.ts';

describe('engine protocol', () => {
  it('accepts every command of SPEC §7 and the onClientSink* events, and names what it refuses', () => {
    for (const cmd of [
      'create',
      'delete',
      'load',
      'play',
      'playIntent',
      'pause',
      'seekTo',
      'setVolume',
      'setMuted',
      'setQuality',
      'setAuthToken',
      'setClientId',
      'setDeviceId',
      'setPlayerType',
      'setLiveMaxLatency',
      'setVisible',
      'setLooping',
      'setPlaybackRate',
      'setAutoQualityMode',
      'setAutoMaxQuality',
      'setAutoViewportSize',
      'setExperiment',
      'updatePlayerConfiguration',
      'startRemotePlayback',
      'endRemotePlayback',
      'setSinkType',
      'setRequestCredentials',
      'setPlatformName',
      'removeQuality',
      'setAudioTrack',
      'setTextTrack',
      'onOnline',
      'onOffline',
      'onClientSinkUpdate',
      'onClientSinkEnded',
      'onClientSinkIdle',
      'onClientSinkPlaying',
      'onClientSinkError',
      'onClientSinkRecoverableError',
      'onClientSinkReset',
      'onClientSinkGapJump',
      'onClientSinkDuration',
      'onClientSinkPassthroughProperty',
    ]) {
      expect(decodeCommand({ cmd }), cmd).toEqual({ cmd });
    }
    expect(decodeCommand({ cmd: 'format' })).toEqual({ invalid: 'unknown command format' });
    expect(decodeCommand('load')).toEqual({ invalid: 'not an object' });
    expect(decodeCommand(null)).toEqual({ invalid: 'not an object' });
  });

  it('reads the worker’s events, media operations included, and ignores anything else', () => {
    const append = { type: 'sinkAppend', id: 1, epoch: 0, bytes: new Uint8Array([1]) };
    expect(decodeEvent(append)).toBe(append);
    expect(decodeEvent({ type: 'seek', position: 3 })).toEqual({ type: 'seek', position: 3 });
    const tracks = { type: 'textTracks', tracks: [], selected: null };
    expect(decodeEvent(tracks)).toBe(tracks);
    expect(decodeEvent({ type: 'warning', message: 'x' })).toEqual({ type: 'warning', message: 'x' });
    expect(decodeEvent({ type: 'starving', starving: true })).toEqual({ type: 'starving', starving: true });
    expect(decodeEvent({ type: 'webpackOk' })).toBeNull();
    expect(decodeEvent({ labTimestampOffset: 3 })).toBeNull();
    expect(decodeEvent(undefined)).toBeNull();
  });
});
