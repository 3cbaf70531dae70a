import { NO_IDENTITY } from '../rules/request-identity.ts';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode, ErrorType, type PlayerError } from '../types/errors.ts';
import { fakeSinkFactory, FakeVideo, type FakeSink } from '../testing/fakes.ts';
import { lazySink } from './lazy-sink.ts';
import type { SinkHost } from './sink.ts';

/** A real sink (a recording fake) that arrives when the test resolves `arrive`. */
function deferredSink() {
  const made: FakeSink[] = [];
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const loaded = new Promise<FakeSink>((resolve, reject) => {
    arrive = () => {
      fakeSinkFactory('passthrough', made).create({ video: new FakeVideo().asVideo() } as SinkHost, {} as never);
      resolve(made[0]!);
    };
    fail = reject;
  });
  return { load: () => loaded, arrive, fail, real: () => made[0] };
}

describe('lazySink', () => {
  it('queues commands in order until the real sink arrives, and answers "unknown" meanwhile', async () => {
    const errors: PlayerError[] = [];
    const d = deferredSink();
    const sink = lazySink('passthrough', { onError: (e) => errors.push(e) }, d.load);
    sink.load('https://origin.test/master.m3u8');
    sink.setLiveMaxLatency(6);
    expect(sink.isLive()).toBe(false);
    expect(sink.playingDateMs()).toBeNull();
    expect(sink.bandwidthEstimate()).toBe(0);
    d.arrive();
    await vi.waitFor(() => expect(d.real()?.calls.map((c) => c.method)).toEqual(['load', 'setLiveMaxLatency']));
    sink.seekToLiveEdge();
    expect(d.real()!.calls.map((c) => c.method)).toEqual(['load', 'setLiveMaxLatency', 'seekToLiveEdge']);
    expect(sink.isLive()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('passes the track choices and who is watching on, queued as the others, to a sink that has them', async () => {
    const d = deferredSink();
    const sink = lazySink('mse', { onError: () => {} }, async () => {
      const real = await d.load();
      real.setAudioTrack = (id) => void real.calls.push({ method: 'setAudioTrack', args: [id] });
      real.setTextTrack = (id) => void real.calls.push({ method: 'setTextTrack', args: [id] });
      return real;
    });
    sink.load('https://origin.test/master.m3u8');
    sink.setTextTrack!('English');
    d.arrive();
    await vi.waitFor(() => expect(d.real()?.calls.map((c) => c.method)).toEqual(['load', 'setTextTrack']));
    sink.setAudioTrack!('fr');
    sink.setTextTrack!(null);
    const identity = { ...NO_IDENTITY, authToken: 'refreshed' };
    sink.setIdentity!(identity);
    expect(d.real()!.calls.slice(1)).toEqual([
      { method: 'setTextTrack', args: ['English'] },
      { method: 'setAudioTrack', args: ['fr'] },
      { method: 'setTextTrack', args: [null] },
      { method: 'setIdentity', args: [identity] },
    ]);
  });

  it('destroys a sink that arrives after it was destroyed, and runs none of its commands', async () => {
    const d = deferredSink();
    const sink = lazySink('passthrough', { onError: () => {} }, d.load);
    sink.load('https://origin.test/master.m3u8');
    sink.destroy();
    d.arrive();
    await vi.waitFor(() => expect(d.real()?.destroyed).toBe(true));
    expect(d.real()!.calls).toEqual([]);
  });

  it('reports a chunk that fails to load as a fatal network error of the sink', async () => {
    const errors: PlayerError[] = [];
    const d = deferredSink();
    lazySink('passthrough', { onError: (e) => errors.push(e) }, d.load);
    d.fail(new TypeError('Failed to fetch dynamically imported module'));
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]).toMatchObject({
      type: ErrorType.Network,
      code: ErrorCode.NetworkUnreachable,
      source: 'sink',
      fatal: true,
    });
  });
});
