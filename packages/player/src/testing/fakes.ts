import { vi } from 'vitest';
import type { PlayerEnvironment } from '../types/environment.ts';
import type { Quality } from '../types/quality.ts';
import type { Sink, SinkCapabilities, SinkFactory, SinkHost } from '../sinks/sink.ts';
import type { SinkType } from '../types/sink-type.ts';

/**
 * Test doubles for the facade's unit tests: a media element that does only what the tests
 * tell it, sinks that record what the player asks of them, and an environment on vitest's
 * fake timers. Browser behaviour itself is covered by the journeys in tests/e2e.
 */

type PlayPolicy = 'allow' | 'refuse-sound' | 'refuse-all' | 'pending';

class FakeTimeRanges {
  constructor(private readonly list: [number, number][]) {}
  get length() {
    return this.list.length;
  }
  start(i: number) {
    return this.list[i]![0];
  }
  end(i: number) {
    return this.list[i]![1];
  }
}

export class FakeVideo extends EventTarget {
  paused = true;
  /** HTMLMediaElement.readyState: 0 (nothing) until a test says otherwise. */
  readyState = 0;
  ended = false;
  loop = false;
  muted = false;
  volume = 1;
  currentTime = 0;
  duration = Number.NaN;
  controls = false;
  error: { code: number; message: string } | null = null;
  clientWidth = 640;
  clientHeight = 360;
  playPolicy: PlayPolicy = 'allow';
  playCalls = 0;
  bufferedRanges: [number, number][] = [];
  frames = { totalVideoFrames: 0, droppedVideoFrames: 0 };
  #rate = 1;
  defaultPlaybackRate = 1;

  get playbackRate() {
    return this.#rate;
  }
  set playbackRate(value: number) {
    this.#rate = value;
    this.emit('ratechange');
  }
  seekableRanges: [number, number][] = [];
  get seekable() {
    return new FakeTimeRanges(this.seekableRanges) as unknown as TimeRanges;
  }

  get buffered() {
    return new FakeTimeRanges(this.bufferedRanges) as unknown as TimeRanges;
  }
  play(): Promise<void> {
    this.playCalls += 1;
    const refuse = this.playPolicy === 'refuse-all' || (this.playPolicy === 'refuse-sound' && !this.muted);
    if (this.playPolicy === 'pending') return new Promise(() => {});
    if (refuse) return Promise.reject(new DOMException('refused', 'NotAllowedError'));
    this.paused = false;
    return Promise.resolve();
  }
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.emit('pause');
  }
  getVideoPlaybackQuality() {
    return { ...this.frames };
  }
  canPlayType() {
    return '';
  }
  removeAttribute() {}
  load() {}
  emit(type: string): void {
    this.dispatchEvent(new Event(type));
  }
  /** The element starts rendering frames. */
  startPlaying(): void {
    this.paused = false;
    this.emit('playing');
  }
  asVideo(): HTMLVideoElement {
    return this as unknown as HTMLVideoElement;
  }
}

export interface FakeSink extends Sink {
  host: SinkHost;
  calls: { method: string; args: unknown[] }[];
  destroyed: boolean;
  live: boolean;
  bitrate: number;
  called(method: string): unknown[][];
}

/** What each fake needs, as the real factories do. */
const NEEDS: Partial<Record<SinkType, (c: SinkCapabilities) => boolean>> = {
  mse: (c) => c.mediaSource,
  'mse-worker': (c) => c.mediaSourceInWorker,
  'default-media-source': (c) => c.mediaSource,
  passthrough: (c) => c.nativeHls,
};

export function fakeSinkFactory(type: SinkType, made: FakeSink[]): SinkFactory {
  return {
    type,
    supported: (capabilities) => NEEDS[type]?.(capabilities) ?? true,
    create(host) {
      const calls: FakeSink['calls'] = [];
      const record =
        (method: string) =>
        (...args: unknown[]) => {
          calls.push({ method, args });
        };
      const sink: FakeSink = {
        type,
        host,
        calls,
        destroyed: false,
        live: true,
        bitrate: 0,
        called: (method) => calls.filter((c) => c.method === method).map((c) => c.args),
        load: record('load'),
        reload: record('reload'),
        setQuality: record('setQuality'),
        setLowLatency: record('setLowLatency'),
        setIdentity: record('setIdentity'),
        setLiveMaxLatency: record('setLiveMaxLatency'),
        seekToLiveEdge: record('seekToLiveEdge'),
        bandwidthEstimate: () => 5_000_000,
        mediaBitrate: () => sink.bitrate,
        playingDateMs: () => null,
        lowLatencyTarget: () => null,
        liveEdgeDistance: () => null,
        isLive: () => sink.live,
        destroy() {
          sink.destroyed = true;
        },
      };
      made.push(sink);
      return sink;
    },
  };
}

export class FakeVisibility extends EventTarget {
  hidden = false;
  set(hidden: boolean): void {
    this.hidden = hidden;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

export const CAPABILITIES: SinkCapabilities = { mediaSource: true, mediaSourceInWorker: false, nativeHls: true };

/** An environment on vitest's fake timers (call vi.useFakeTimers() first). */
export function fakeEnvironment(visibility = new FakeVisibility()): PlayerEnvironment & {
  logger: { warn: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn> };
} {
  let ids = 0;
  return {
    now: () => Date.now(),
    monotonic: () => Date.now(),
    timers: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
    },
    randomId: () => `session-${++ids}`,
    visibility: visibility as unknown as PlayerEnvironment['visibility'],
    userAgent: 'Mozilla/5.0 Chrome/120.0.0.0',
    isTypeSupported: () => true,
    hasWebAssembly: () => true,
    logger: { warn: vi.fn(), error: vi.fn() },
    fetch: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch,
    sinkCapabilities: () => CAPABILITIES,
    soundAutoplayAllowed: () => Promise.resolve(true),
    requestMediaKeySystemAccess: () => Promise.reject(new Error('no EME in unit tests')),
  };
}

export function quality(height: number, bitrate: number, group?: string): Quality {
  const name = `${height}p`;
  return {
    name,
    group: group ?? name,
    codecs: 'avc1.64001f,mp4a.40.2',
    bitrate,
    width: (height * 16) / 9,
    height,
    framerate: 30,
  };
}
