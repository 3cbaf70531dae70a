import { describe, expect, it } from 'vitest';
import { FakeVideo } from '../../testing/fakes.ts';
import type { RemotePlayback } from '../../types/payloads.ts';
import { PlayerState } from '../../types/state.ts';
import type { SinkHost } from '../sink.ts';
import { chromecastSinkFactory, type CastReceiverLink } from './chromecast-sink.ts';

function fakeLink(available = true) {
  const calls: string[] = [];
  let listener: ((playback: RemotePlayback) => void) | null = null;
  const link: CastReceiverLink = {
    available,
    request: () => void calls.push('request'),
    loadRemote: (url) => void calls.push(`loadRemote ${url}`),
    play: () => void calls.push('play'),
    pause: () => void calls.push('pause'),
    setVolume: (volume) => void calls.push(`setVolume ${volume}`),
    setMuted: (muted) => void calls.push(`setMuted ${muted}`),
    attach: (l) => {
      calls.push('attach');
      listener = l;
    },
    detach: (l) => {
      calls.push('detach');
      if (listener === l) listener = null;
    },
  };
  return { link, calls, report: (playback: RemotePlayback) => listener?.(playback) };
}

function fakeHost(video: FakeVideo) {
  const reports: Partial<RemotePlayback>[] = [];
  const host = { video: video.asVideo(), onRemotePlayback: (p: Partial<RemotePlayback>) => reports.push(p) };
  return { host: host as unknown as SinkHost, reports };
}

const URL_ = 'https://origin.test/hls/live/master.m3u8';
const ENV = {} as never;

describe('the chromecast sink', () => {
  it('pauses the local element, says Buffering, and plays the source on the receiver', () => {
    const { link, calls } = fakeLink();
    const video = new FakeVideo();
    video.paused = false;
    const { host, reports } = fakeHost(video);
    chromecastSinkFactory(link).create(host, ENV).load(URL_);
    expect(video.paused).toBe(true);
    expect(reports).toEqual([{ state: PlayerState.Buffering }]);
    expect(calls).toEqual(['attach', `loadRemote ${URL_}`]);
  });

  it('passes the receiver’s playback up, and stops once destroyed', () => {
    const { link, calls, report } = fakeLink();
    const { host, reports } = fakeHost(new FakeVideo());
    const sink = chromecastSinkFactory(link).create(host, ENV);
    sink.load(URL_);
    const playing = { state: PlayerState.Playing, paused: false, volume: 0.5, muted: false };
    report(playing);
    expect(reports.at(-1)).toEqual(playing);
    sink.destroy();
    report({ ...playing, paused: true });
    expect(reports.at(-1)).toEqual(playing);
    expect(calls.at(-1)).toBe('detach');
  });

  it('sends play, pause, volume and mute to the receiver through its controls', () => {
    const { link, calls } = fakeLink();
    const sink = chromecastSinkFactory(link).create(fakeHost(new FakeVideo()).host, ENV);
    sink.controls!.play();
    sink.controls!.pause();
    sink.controls!.setVolume(0.3);
    sink.controls!.setMuted(true);
    expect(calls).toEqual(['play', 'pause', 'setVolume 0.3', 'setMuted true']);
  });

  it('goes to the live edge by loading the source there again', () => {
    const { link, calls } = fakeLink();
    const sink = chromecastSinkFactory(link).create(fakeHost(new FakeVideo()).host, ENV);
    sink.seekToLiveEdge();
    expect(calls).toEqual([]);
    sink.load(URL_);
    sink.seekToLiveEdge();
    sink.reload();
    expect(calls.filter((c) => c.startsWith('loadRemote'))).toHaveLength(3);
    expect(sink.isLive()).toBe(true);
  });

  it('is supported while a receiver is there, and connect() asks for a session', () => {
    const capabilities = { mediaSource: true, mediaSourceInWorker: true, nativeHls: true };
    expect(chromecastSinkFactory(fakeLink(false).link).supported(capabilities)).toBe(false);
    const { link, calls } = fakeLink(true);
    const factory = chromecastSinkFactory(link);
    expect(factory.supported(capabilities)).toBe(true);
    factory.connect!();
    expect(calls).toEqual(['request']);
  });
});
