import type { EngineCommand } from '@onair/player';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_ADOPTION_WINDOW_MS,
  EARLY_CREATE,
  EARLY_FIRST_FRAME_PATIENCE_MS,
  EARLY_MEDIA_PATIENCE_MS,
  earlyStart,
  liveStreamUrl,
  type EarlyWindow,
} from './early-start.ts';
import { START_AHEAD_S, START_MEDIA_PATIENCE_MS } from './first-picture.ts';

const ORIGIN = 'http://127.0.0.1:8080';
const MASTER = `${ORIGIN}/hls/studio-live/master.m3u8`;

class FakeWorker {
  static made: FakeWorker[] = [];
  posted: EngineCommand[] = [];
  /** What each message transferred, by its index in `posted`. */
  transferred: Transferable[][] = [];
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWorker.made.push(this);
  }
  postMessage(command: EngineCommand, transfer: Transferable[] = []) {
    this.posted.push(command);
    this.transferred.push(transfer);
  }
  terminate() {
    this.terminated = true;
  }
  /** The worker says something to the page. */
  say(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
}

interface FakeVideo {
  style: Record<string, string>;
  dataset: Record<string, string>;
  currentTime: number;
  /** Every seek, in order. */
  seeks: number[];
  buffered: { length: number; start(i: number): number; end(i: number): number };
  frameCallbacks: (() => void)[];
  requestVideoFrameCallback(callback: () => void): number;
  played: number;
  srcObject: unknown;
  play(): Promise<void>;
  remove(): void;
  /** True from a seek until the test says it ended (`seeked`). */
  seeking: boolean;
  readyState: number;
  listeners: Map<string, () => void>;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
  /** The seek ends: `seeked` to whoever listens. */
  seeked(): void;
  removed?: boolean;
}

function fakeWindow(
  options: { path?: string; search?: string; cookie?: string | Error; live?: boolean; worker?: boolean } = {},
) {
  const requests: { url: string; init?: RequestInit }[] = [];
  const videos: FakeVideo[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requests.push({ url, init });
    if (url.endsWith('/info'))
      return json({ slug: 'studio-live', livestream: options.live === false ? null : { id: 1 } });
    if (url.endsWith('/playback-url')) return json({ data: MASTER });
    if (url === MASTER) return new Response('#EXTM3U\n');
    return new Response(null, { status: 404 });
  });
  const appended: unknown[] = [];
  const win: EarlyWindow = {
    location: {
      pathname: options.path ?? '/studio-live',
      search: options.search ?? '?muted=true',
      href: `${ORIGIN}/studio-live`,
    },
    document: {
      get cookie(): string {
        if (options.cookie instanceof Error) throw options.cookie;
        return options.cookie ?? '';
      },
      createElement: (() => {
        let time = 0;
        const video: FakeVideo = {
          style: {},
          dataset: {},
          get currentTime() {
            return time;
          },
          set currentTime(value: number) {
            time = value;
            video.seeks.push(value);
            video.seeking = true;
          },
          seeks: [],
          buffered: { length: 0, start: () => 0, end: () => 0 },
          frameCallbacks: [],
          requestVideoFrameCallback(callback: () => void) {
            return video.frameCallbacks.push(callback);
          },
          played: 0,
          srcObject: null,
          play() {
            video.played += 1;
            return Promise.resolve();
          },
          remove() {
            video.removed = true;
          },
          seeking: false,
          readyState: 4,
          listeners: new Map(),
          addEventListener(type: string, listener: () => void) {
            video.listeners.set(type, listener);
          },
          removeEventListener(type: string, listener: () => void) {
            if (video.listeners.get(type) === listener) video.listeners.delete(type);
          },
          seeked() {
            video.seeking = false;
            const listener = video.listeners.get('seeked');
            video.listeners.delete('seeked');
            listener?.();
          },
        };
        videos.push(video);
        return video;
      }) as unknown as Document['createElement'],
      body: { appendChild: (node: unknown) => appended.push(node) } as unknown as HTMLElement,
      documentElement: {} as HTMLElement,
    },
    fetch: fetch as unknown as typeof globalThis.fetch,
    MediaSource: options.worker === false ? undefined : { canConstructInDedicatedWorker: true },
    Worker: FakeWorker as unknown as new (url: string) => Worker,
    performance: { mark: vi.fn() as unknown as Performance['mark'], now: () => Date.now() },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    innerWidth: 640,
    innerHeight: 360,
    devicePixelRatio: 2,
  };
  return { win, requests, videos, appended };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeWorker.made = [];
});
afterEach(() => vi.useRealTimers());

/** The start's next pieces are in by the key frame's picture: what plays on from 12.5. */
const MORE_IN = { length: 1, start: () => 12, end: () => 13.2 };

describe('the early start', () => {
  it('asks for the channel’s two calls at once, with the API client’s settings, and keeps them for it', async () => {
    const { win, requests } = fakeWindow({ worker: false });
    const handle = earlyStart(win, '/assets/engine-worker-abc.js')!;
    expect(requests.map((r) => r.url)).toEqual([
      '/api/v2/channels/studio-live/info',
      '/api/v2/channels/studio-live/playback-url',
    ]);
    expect(requests[0]!.init).toMatchObject({
      credentials: 'include',
      cache: 'no-cache',
      headers: { Accept: 'application/json' },
      referrerPolicy: 'strict-origin-when-cross-origin',
    });
    expect(Object.keys(handle.responses)).toEqual(requests.map((r) => r.url));
    expect(win.__onairStart).toBe(handle);
    // No worker where MediaSource cannot live in one: no engine, no gate for the app.
    expect(handle.engine).toBeNull();
    expect(handle.firstFrame).toBeNull();
    expect(FakeWorker.made).toHaveLength(0);
  });

  it.each([
    ['not a channel page', { path: '/studio-live/offline' }],
    ['a slug the rule refuses', { path: '/studio%20live' }],
    ['a query that does not decode', { search: '?muted=%E0%A4%A' }],
    ['a session cookie (a token the early calls would not send)', { cookie: 'a=1; session_token=t' }],
  ])('starts nothing on %s', (_name, options) => {
    const { win, requests } = fakeWindow(options);
    expect(earlyStart(win, '/assets/engine-worker-abc.js')).toBeNull();
    expect(requests).toEqual([]);
    expect(win.__onairStart).toBeUndefined();
  });

  it('goes on where the frame may not read cookies at all', () => {
    const { win } = fakeWindow({
      cookie: new DOMException('denied', 'SecurityError') as unknown as Error,
      worker: false,
    });
    expect(earlyStart(win, '/assets/engine-worker-abc.js')).not.toBeNull();
  });

  it('starts no engine without the built worker URL (the dev server)', () => {
    const { win } = fakeWindow();
    expect(earlyStart(win, '%ONAIR_ENGINE_WORKER%')!.engine).toBeNull();
  });

  it('starts the engine for a live channel: create, the frame’s size, then load with the playlist’s text', async () => {
    const { win } = fakeWindow();
    const handle = earlyStart(win, '/assets/engine-worker-abc.js')!;
    const worker = FakeWorker.made[0]!;
    expect(worker.url).toBe('/assets/engine-worker-abc.js');
    expect(worker.posted).toEqual([EARLY_CREATE, { cmd: 'setAutoViewportSize', width: 1280, height: 720 }]);
    await settle();
    expect(handle.engine?.url).toBe(MASTER);
    expect(worker.posted.at(-1)).toEqual({ cmd: 'load', path: MASTER, extra: { multivariant: '#EXTM3U\n' } });
  });

  it('takes what the platform put in the page, and asks for none of it again', async () => {
    const { win, requests } = fakeWindow();
    const early = {
      answers: {
        '/api/v2/channels/studio-live/info': { slug: 'studio-live', livestream: { id: 1 } },
        '/api/v2/channels/studio-live/playback-url': { data: MASTER },
      },
      multivariant: { url: MASTER, text: '#EXTM3U\n#EXT-X-VERSION:7\n' },
      media: [{ url: MASTER.replace('master', '720p/media'), text: '#EXTM3U\n', writtenAtMs: 1000 }],
    };
    win.document.getElementById = (id) => (id === 'onair-early-data' ? { textContent: JSON.stringify(early) } : null);
    win.Response = Response;
    const handle = earlyStart(win, '/assets/engine-worker-abc.js')!;
    await settle();
    expect(requests).toEqual([]);
    const worker = FakeWorker.made[0]!;
    expect(worker.posted.at(-1)).toEqual({
      cmd: 'load',
      path: MASTER,
      extra: { multivariant: '#EXTM3U\n#EXT-X-VERSION:7\n', media: early.media },
    });
    // The app's API client takes the answers as responses, as it would its own requests'.
    const info = await handle.responses['/api/v2/channels/studio-live/info']!;
    expect(await info.json()).toEqual(early.answers['/api/v2/channels/studio-live/info']);
  });

  it('asks for the stream at once with the answers the page holds: no task of the page comes first', async () => {
    const { win, requests } = fakeWindow();
    const early = {
      answers: {
        '/api/v2/channels/studio-live/info': { slug: 'studio-live', livestream: { id: 1 } },
        '/api/v2/channels/studio-live/playback-url': { data: MASTER },
      },
      media: [],
    };
    win.document.getElementById = () => ({ textContent: JSON.stringify(early) });
    win.Response = Response;
    let taskRan = false;
    setTimeout(() => (taskRan = true), 0);
    earlyStart(win, '/assets/engine-worker-abc.js');
    // Microtasks only: reading the answers back from their Responses would need the page's
    // tasks, which its parser holds up while the page loads.
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    expect(taskRan).toBe(false);
    expect(requests.map((r) => r.url)).toEqual([MASTER]);
  });

  it('asks for the start’s first pieces while the worker starts, names them with load, and hands each over as it comes', async () => {
    const { win, requests } = fakeWindow();
    const media = `${ORIGIN}/hls/studio-live/360p/media.m3u8`;
    const parts = (msn: number) =>
      [0, 1, 2, 3, 4].map(
        (i) => `#EXT-X-PART:DURATION=0.2,URI="part-${msn}.${i}.m4s"${i === 0 ? ',INDEPENDENT=YES' : ''}`,
      );
    const mediaText = [
      '#EXTM3U',
      '#EXT-X-VERSION:9',
      '#EXT-X-TARGETDURATION:1',
      '#EXT-X-PART-INF:PART-TARGET=0.2',
      '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=0.6',
      '#EXT-X-MEDIA-SEQUENCE:10',
      '#EXT-X-MAP:URI="init.mp4"',
      ...[10, 11, 12].flatMap((msn) => [...parts(msn), '#EXTINF:1.0,', `seg-${msn}.m4s`]),
      ...parts(13).slice(0, 2),
    ].join('\n');
    const early = {
      answers: {
        '/api/v2/channels/studio-live/info': { slug: 'studio-live', livestream: { id: 1 } },
        '/api/v2/channels/studio-live/playback-url': { data: MASTER },
      },
      multivariant: {
        url: MASTER,
        text: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=700000,RESOLUTION=640x360,CODECS="avc1.64001f,mp4a.40.2"\n360p/media.m3u8\n',
      },
      media: [{ url: media, text: mediaText, writtenAtMs: Date.now() }],
    };
    win.document.getElementById = (id) => (id === 'onair-early-data' ? { textContent: JSON.stringify(early) } : null);
    win.Response = Response;
    win.MediaSource = { canConstructInDedicatedWorker: true, isTypeSupported: () => true };
    earlyStart(win, '/assets/engine-worker-abc.js');
    await settle();
    const worker = FakeWorker.made[0]!;
    const load = worker.posted.find((c) => c.cmd === 'load') as Extract<EngineCommand, { cmd: 'load' }>;
    const pieces = load.extra?.pieces ?? [];
    // The init segment first, then parts from an independent one, all of the chosen variant.
    expect(pieces[0]).toBe(`${ORIGIN}/hls/studio-live/360p/init.mp4`);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.slice(1).every((url) => /\/360p\/part-\d+\.\d\.m4s$/.test(url))).toBe(true);
    expect(pieces[1]).toMatch(/\.0\.m4s$/);
    // Asked for by the page, as the engine would (same-origin credentials)…
    expect(requests.map((r) => r.url)).toEqual(pieces);
    expect(requests.every((r) => r.init?.credentials === 'same-origin')).toBe(true);
    // …and posted after load, each once: bytes the fake origin refused are null (the worker asks).
    const handed = worker.posted.filter((c) => c.cmd === 'pagePiece');
    expect(handed.map((c) => c.url).sort()).toEqual([...pieces].sort());
    expect(worker.posted.indexOf(load)).toBeLessThan(worker.posted.indexOf(handed[0]!));
    expect(handed.every((c) => c.bytes === null)).toBe(true);
  });

  it('asks for a stream from elsewhere’s start playlist itself, hands it over with load, and asks for the first pieces', async () => {
    const { win, requests } = fakeWindow();
    const elsewhere = 'https://cdn.example/live/master.m3u8';
    const playlist = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MEDIA-SEQUENCE:7',
      '#EXT-X-MAP:URI="init.mp4"',
      ...[7, 8, 9, 10].flatMap((n) => ['#EXTINF:2,', `s${n}.m4s`]),
    ].join('\n');
    const master = [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
      '720p.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=700000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"',
      '360p.m3u8',
    ].join('\n');
    // Written in the second before the page asked (Last-Modified is whole seconds): 0.5 s old.
    vi.setSystemTime(Date.parse('2026-11-28T12:00:10.000Z'));
    const lastModified = 'Sat, 28 Nov 2026 12:00:09 GMT';
    win.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push({ url, init });
      if (url === elsewhere) return new Response(master);
      if (url.endsWith('.m3u8')) return new Response(playlist, { headers: { 'last-modified': lastModified } });
      return new Response(new Uint8Array([1]));
    }) as typeof fetch;
    const early = {
      answers: {
        '/api/v2/channels/studio-live/info': { slug: 'studio-live', livestream: { id: 1 } },
        '/api/v2/channels/studio-live/playback-url': { data: elsewhere },
      },
      media: [],
    };
    win.document.getElementById = () => ({ textContent: JSON.stringify(early) });
    win.Response = Response;
    win.MediaSource = { canConstructInDedicatedWorker: true, isTypeSupported: () => true };
    earlyStart(win, '/assets/engine-worker-abc.js');
    await settle();
    const worker = FakeWorker.made[0]!;
    const load = worker.posted.find((c) => c.cmd === 'load') as Extract<EngineCommand, { cmd: 'load' }>;
    // The frame is 1280×720 (640×360 at 2×): the engine's start variant, and its copy dated as
    // the engine dates its own (Last-Modified).
    const variant = 'https://cdn.example/live/720p.m3u8';
    expect(load.extra?.multivariant).toBe(master);
    expect(load.extra?.media).toEqual([
      { url: variant, text: playlist, writtenAtMs: Date.parse('2026-11-28T12:00:09.500Z') },
    ]);
    expect(load.extra?.pieces?.[0]).toBe('https://cdn.example/live/init.mp4');
    expect(load.extra?.pieces?.slice(1).every((url) => /\/live\/s\d+\.m4s$/.test(url))).toBe(true);
    expect(requests.map((r) => r.url).slice(0, 2)).toEqual([elsewhere, variant]);
    expect(worker.posted.filter((c) => c.cmd === 'pagePiece').map((c) => c.url)).toEqual(load.extra?.pieces);
  });

  it('takes the platform’s copies of a stream from elsewhere, and asks for the first picture’s two pieces first', async () => {
    const { win, requests } = fakeWindow();
    const elsewhere = 'https://cdn.example/live/master.m3u8';
    const variant = 'https://cdn.example/live/720p.m3u8';
    const master = [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
      '720p.m3u8',
    ].join('\n');
    const playlist = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MEDIA-SEQUENCE:7',
      '#EXT-X-MAP:URI="init.mp4"',
      ...[7, 8, 9, 10].flatMap((n) => ['#EXTINF:2,', `s${n}.m4s`]),
    ].join('\n');
    // The pieces come when the test says: what is asked for before any is in.
    const answers = new Map<string, () => void>();
    win.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push({ url, init });
      return new Promise<Response>((resolve) => answers.set(url, () => resolve(new Response(new Uint8Array([1])))));
    }) as typeof fetch;
    const early = {
      answers: {
        '/api/v2/channels/studio-live/info': { slug: 'studio-live', livestream: { id: 1 } },
        '/api/v2/channels/studio-live/playback-url': { data: elsewhere },
      },
      multivariant: { url: elsewhere, text: master },
      media: [{ url: variant, text: playlist, writtenAtMs: Date.now() - 500 }],
    };
    win.document.getElementById = () => ({ textContent: JSON.stringify(early) });
    win.Response = Response;
    win.MediaSource = { canConstructInDedicatedWorker: true, isTypeSupported: () => true };
    earlyStart(win, '/assets/engine-worker-abc.js');
    await settle();
    const worker = FakeWorker.made[0]!;
    const load = worker.posted.find((c) => c.cmd === 'load') as Extract<EngineCommand, { cmd: 'load' }>;
    expect(load.extra?.multivariant).toBe(master);
    expect(load.extra?.media).toEqual(early.media);
    const pieces = load.extra?.pieces ?? [];
    expect(pieces.slice(0, 2)).toEqual(['https://cdn.example/live/init.mp4', 'https://cdn.example/live/s8.m4s']);
    expect(pieces.length).toBeGreaterThan(2);
    // No playlist asked for: the page holds both. The init segment and the first piece first,
    // on their own; the rest once those are in.
    expect(requests.map((r) => r.url)).toEqual(pieces.slice(0, 2));
    answers.get(pieces[0]!)!();
    await settle();
    expect(requests).toHaveLength(2);
    answers.get(pieces[1]!)!();
    await settle();
    expect(requests.map((r) => r.url)).toEqual(pieces);
  });

  describe('a session’s cookie, where the page holds both answers', () => {
    const elsewhere = 'https://cdn.example/live/master.m3u8';
    const variant = 'https://cdn.example/live/720p.m3u8';
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=2000000,CODECS="avc1.64001f,mp4a.40.2"\n720p.m3u8\n';
    const playlist = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MEDIA-SEQUENCE:7',
      '#EXT-X-MAP:URI="init.mp4"',
      ...[7, 8, 9, 10].flatMap((n) => ['#EXTINF:2,', `s${n}.m4s`]),
    ].join('\n');
    /** The page with the platform's early data, its copy `ageMs` old; each read of the cookie notes how many requests were made by then. */
    const page = (cookie: string, ageMs: number) => {
      const { win, requests } = fakeWindow();
      const cookieReads: number[] = [];
      Object.defineProperty(win.document, 'cookie', {
        get: () => {
          cookieReads.push(requests.length);
          return cookie;
        },
      });
      win.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
        requests.push({ url: String(input), init });
        return new Promise<Response>(() => {});
      }) as typeof fetch;
      const early = {
        answers: {
          '/api/v2/channels/studio-live/info': { slug: 'studio-live', livestream: { id: 1 } },
          '/api/v2/channels/studio-live/playback-url': { data: elsewhere },
        },
        multivariant: { url: elsewhere, text: master },
        media: [{ url: variant, text: playlist, writtenAtMs: Date.now() - ageMs }],
      };
      win.document.getElementById = () => ({ textContent: JSON.stringify(early) });
      win.Response = Response;
      win.MediaSource = { canConstructInDedicatedWorker: true, isTypeSupported: () => true };
      return { win, requests, cookieReads };
    };

    it('is read once the start’s first pieces are asked for, and a session then withdraws the start', async () => {
      const { win, requests, cookieReads } = page('a=1; session_token=t', 500);
      expect(earlyStart(win, '/assets/engine-worker-abc.js')).not.toBeNull();
      // Not in the script's own run: the pieces are asked for first (the read is a trip to the browser).
      expect(cookieReads).toEqual([]);
      await settle();
      expect(requests.map((r) => r.url)).toEqual([
        'https://cdn.example/live/init.mp4',
        'https://cdn.example/live/s8.m4s',
      ]);
      expect(cookieReads).toEqual([2]);
      // Withdrawn: nothing for the app to take, the engine gone without its load.
      expect(win.__onairStart).toBeUndefined();
      const worker = FakeWorker.made[0]!;
      expect(worker.terminated).toBe(true);
      expect(worker.posted.some((c) => c.cmd === 'load')).toBe(false);
    });

    it('without one, the start goes on as it was', async () => {
      const { win, cookieReads } = page('a=1', 500);
      const handle = earlyStart(win, '/assets/engine-worker-abc.js');
      await settle();
      expect(cookieReads).toEqual([2]);
      expect(win.__onairStart).toBe(handle);
      expect(FakeWorker.made[0]!.posted.some((c) => c.cmd === 'load')).toBe(true);
    });

    it('is read before anything is asked where the start must ask for a playlist first', async () => {
      const { win, requests, cookieReads } = page('session_token=t', 60_000);
      earlyStart(win, '/assets/engine-worker-abc.js');
      await settle();
      expect(cookieReads).toEqual([0]);
      expect(requests).toEqual([]);
      expect(win.__onairStart).toBeUndefined();
      expect(FakeWorker.made[0]!.terminated).toBe(true);
    });
  });

  it('asks for the start playlist itself where the platform’s copies are too old to start from', async () => {
    const { win, requests } = fakeWindow();
    const elsewhere = 'https://cdn.example/live/master.m3u8';
    const variant = 'https://cdn.example/live/720p.m3u8';
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=2000000,CODECS="avc1.64001f,mp4a.40.2"\n720p.m3u8\n';
    const playlist =
      '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:7\n#EXTINF:2,\ns7.ts\n#EXTINF:2,\ns8.ts\n';
    win.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      requests.push({ url, init });
      return url === variant ? new Response(playlist) : new Response(null, { status: 404 });
    }) as typeof fetch;
    const early = {
      answers: {
        '/api/v2/channels/studio-live/info': { slug: 'studio-live', livestream: { id: 1 } },
        '/api/v2/channels/studio-live/playback-url': { data: elsewhere },
      },
      multivariant: { url: elsewhere, text: master },
      media: [{ url: variant, text: playlist, writtenAtMs: Date.now() - 60_000 }],
    };
    win.document.getElementById = () => ({ textContent: JSON.stringify(early) });
    win.Response = Response;
    win.MediaSource = { canConstructInDedicatedWorker: true, isTypeSupported: () => true };
    earlyStart(win, '/assets/engine-worker-abc.js');
    await settle();
    expect(requests[0]?.url).toBe(variant);
    const load = FakeWorker.made[0]!.posted.find((c) => c.cmd === 'load') as Extract<EngineCommand, { cmd: 'load' }>;
    expect(load.extra?.media?.[0]?.url).toBe(variant);
    expect(Date.now() - load.extra!.media![0]!.writtenAtMs).toBeLessThan(3000);
  });

  it('never asks for the MPEG-TS caption reader’s script: the worker remuxes MPEG-TS itself', async () => {
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=700000,CODECS="avc1.64001e,mp4a.40.2"\n360p.m3u8\n';
    const segments = [7, 8, 9, 10].flatMap((n) => ['#EXTINF:2,', `s${n}.ts`]);
    const ts = ['#EXTM3U', '#EXT-X-TARGETDURATION:2', '#EXT-X-MEDIA-SEQUENCE:7', ...segments].join('\n');
    const fmp4 = ts.replace('#EXT-X-MEDIA-SEQUENCE:7', '#EXT-X-MEDIA-SEQUENCE:7\n#EXT-X-MAP:URI="init.mp4"');
    const remuxer = '/assets/ts-remuxer-script-abc.js';
    const requested = async (playlist: string) => {
      const { win, requests } = fakeWindow();
      const elsewhere = 'https://cdn.example/live/master.m3u8';
      win.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        requests.push({ url, init });
        if (url === elsewhere) return new Response(master);
        if (url.endsWith('.m3u8')) return new Response(playlist);
        return new Response(new Uint8Array([1]));
      }) as typeof fetch;
      const early = {
        answers: {
          '/api/v2/channels/studio-live/info': { slug: 'studio-live', livestream: { id: 1 } },
          '/api/v2/channels/studio-live/playback-url': { data: elsewhere },
        },
        media: [],
      };
      win.document.getElementById = () => ({ textContent: JSON.stringify(early) });
      win.Response = Response;
      win.MediaSource = { canConstructInDedicatedWorker: true, isTypeSupported: () => true };
      earlyStart(win, '/assets/engine-worker-abc.js', remuxer);
      await settle();
      return requests.map((r) => r.url);
    };
    const forTs = await requested(ts);
    expect(forTs.some((url) => url.endsWith('.ts'))).toBe(true);
    expect(forTs).not.toContain(remuxer);
    expect(await requested(fmp4)).not.toContain(remuxer);
  });

  it('asks no origin but the multivariant’s: a variant elsewhere is the worker’s to ask for', async () => {
    const { win, requests } = fakeWindow();
    const elsewhere = 'https://cdn.example/live/master.m3u8';
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=700000\nhttps://intranet.example/360p.m3u8\n';
    win.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ url: String(input), init });
      return new Response(master);
    }) as typeof fetch;
    const early = {
      answers: {
        '/api/v2/channels/studio-live/info': { slug: 'studio-live', livestream: { id: 1 } },
        '/api/v2/channels/studio-live/playback-url': { data: elsewhere },
      },
      media: [],
    };
    win.document.getElementById = () => ({ textContent: JSON.stringify(early) });
    win.Response = Response;
    win.MediaSource = { canConstructInDedicatedWorker: true, isTypeSupported: () => true };
    earlyStart(win, '/assets/engine-worker-abc.js');
    await settle();
    expect(requests.map((r) => r.url)).toEqual([elsewhere]);
    const load = FakeWorker.made[0]!.posted.find((c) => c.cmd === 'load') as Extract<EngineCommand, { cmd: 'load' }>;
    expect(load.extra).toEqual({ multivariant: master });
  });

  it('loads without the start playlist where the page’s request for it is not answered in time', async () => {
    const { win } = fakeWindow();
    const elsewhere = 'https://cdn.example/live/master.m3u8';
    win.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === elsewhere)
        return Promise.resolve(new Response('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=700000\n360p.m3u8\n'));
      // Never answered: only the abort ends it.
      return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    }) as typeof fetch;
    const early = {
      answers: {
        '/api/v2/channels/studio-live/info': { slug: 'studio-live', livestream: { id: 1 } },
        '/api/v2/channels/studio-live/playback-url': { data: elsewhere },
      },
      media: [],
    };
    win.document.getElementById = () => ({ textContent: JSON.stringify(early) });
    win.Response = Response;
    win.MediaSource = { canConstructInDedicatedWorker: true, isTypeSupported: () => true };
    earlyStart(win, '/assets/engine-worker-abc.js');
    await settle();
    const worker = FakeWorker.made[0]!;
    expect(worker.posted.some((c) => c.cmd === 'load')).toBe(false);
    await vi.advanceTimersByTimeAsync(EARLY_MEDIA_PATIENCE_MS);
    const load = worker.posted.find((c) => c.cmd === 'load') as Extract<EngineCommand, { cmd: 'load' }>;
    expect(load.extra).toEqual({ multivariant: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=700000\n360p.m3u8\n' });
  });

  it('hands a piece’s bytes over, transferred, not copied', async () => {
    const { win } = fakeWindow();
    const bytes = new Uint8Array([1, 2, 3]);
    win.fetch = (async () => new Response(bytes)) as unknown as typeof fetch;
    const early = {
      answers: {
        '/api/v2/channels/studio-live/info': { slug: 'studio-live', livestream: { id: 1 } },
        '/api/v2/channels/studio-live/playback-url': { data: MASTER },
      },
      multivariant: { url: MASTER, text: '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=700000,RESOLUTION=640x360\nm.m3u8\n' },
      media: [
        {
          url: `${ORIGIN}/hls/studio-live/m.m3u8`,
          text: '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:1\n#EXT-X-MAP:URI="i.mp4"\n#EXTINF:2,\ns1.m4s\n#EXTINF:2,\ns2.m4s\n#EXTINF:2,\ns3.m4s\n#EXTINF:2,\ns4.m4s\n',
          writtenAtMs: Date.now(),
        },
      ],
    };
    win.document.getElementById = () => ({ textContent: JSON.stringify(early) });
    win.Response = Response;
    win.MediaSource = { canConstructInDedicatedWorker: true, isTypeSupported: () => true };
    earlyStart(win, '/assets/engine-worker-abc.js');
    await settle();
    const worker = FakeWorker.made[0]!;
    const at = worker.posted.findIndex((c) => c.cmd === 'pagePiece');
    const piece = worker.posted[at] as Extract<EngineCommand, { cmd: 'pagePiece' }>;
    expect(new Uint8Array(piece.bytes!)).toEqual(bytes);
    expect(worker.transferred[at]).toEqual([piece.bytes]);
  });

  it('asks for itself what the page does not carry, or carries wrong', async () => {
    const { win, requests } = fakeWindow();
    win.document.getElementById = () => ({ textContent: '{"answers":{"/api/v2/channels/studio-live/info":' });
    win.Response = Response;
    earlyStart(win, '/assets/engine-worker-abc.js');
    await settle();
    expect(requests.map((r) => r.url)).toEqual([
      '/api/v2/channels/studio-live/info',
      '/api/v2/channels/studio-live/playback-url',
      MASTER,
    ]);
  });

  it('shows the first frame on an element of its own, seeks there and plays it muted', async () => {
    const { win, videos, appended } = fakeWindow({ search: '?muted=true' });
    const handle = earlyStart(win, '/assets/engine-worker-abc.js')!;
    const worker = FakeWorker.made[0]!;
    await settle();
    worker.say({ type: 'mediaSourceHandle', handle: { id: 'h' } });
    worker.say({ type: 'seek', position: 12.5 });
    expect(appended).toEqual([videos[0]]);
    // Played once the seek is done (played during it, the element would wait at once).
    expect(videos[0]).toMatchObject({ currentTime: 12.5, played: 0, srcObject: { id: 'h' } });
    expect(handle.engine?.playedEarly).toBeUndefined();
    videos[0]!.seeked();
    expect(videos[0]!.played).toBe(1);
    // Said, so that a pause whose event is still queued when the player starts stands.
    expect(handle.engine?.playedEarly).toBe(true);
    expect(handle.engine?.video).toBe(videos[0]);
    // The seek is done: the player, replaying the backlog, must not do it again.
    expect(handle.engine?.backlog.map((e) => (e.data as { type: string }).type)).toEqual(['mediaSourceHandle']);
  });

  it('says it played only where the browser did not refuse the play; a play a pause interrupted stands', async () => {
    const playedWhen = async (refusal: string) => {
      const { win, videos } = fakeWindow({ search: '?muted=true' });
      const handle = earlyStart(win, '/assets/engine-worker-abc.js')!;
      const worker = FakeWorker.made.at(-1)!;
      await settle();
      worker.say({ type: 'mediaSourceHandle', handle: { id: 'h' } });
      videos[0]!.play = () => Promise.reject(new DOMException('refused', refusal));
      worker.say({ type: 'seek', position: 12.5 });
      videos[0]!.seeked();
      await settle();
      return handle.engine?.playedEarly;
    };
    // Autoplay refused: paused for no viewer, so the player plays it (viewerPausedEarly is false).
    expect(await playedWhen('NotAllowedError')).toBe(false);
    // The viewer's pause came before the play began: that pause is the viewer's.
    expect(await playedWhen('AbortError')).toBe(true);
  });

  it('shows the start’s key frame first, then seeks on to the position once that picture is up', async () => {
    const { win, videos } = fakeWindow({ search: '?muted=true' });
    earlyStart(win, '/assets/engine-worker-abc.js');
    const worker = FakeWorker.made[0]!;
    await settle();
    worker.say({ type: 'mediaSourceHandle', handle: { id: 'h' } });
    const video = videos[0]!;
    // The engine appended the start's independent part (12.0-12.2), then asked for 12.5.
    video.buffered = { length: 1, start: () => 12, end: () => 12.2 };
    worker.say({ type: 'seek', position: 12.5 });
    expect(video.seeks).toEqual([12]);
    video.seeked();
    // The first frame callback is the app's release; the last one, the key frame's picture.
    video.buffered = MORE_IN;
    video.frameCallbacks.at(-1)!();
    expect(video.seeks).toEqual([12, 12.5]);
    // Played once at the position, not while the decoder works its way there (`waiting`).
    expect(video.played).toBe(0);
    video.seeked();
    expect(video.played).toBe(1);
  });

  it('seeks on once what plays on from the position is in, moved on as the live edge has', async () => {
    const { win, videos } = fakeWindow({ search: '?muted=true' });
    earlyStart(win, '/assets/engine-worker-abc.js');
    const worker = FakeWorker.made[0]!;
    await settle();
    worker.say({ type: 'mediaSourceHandle', handle: { id: 'h' } });
    const video = videos[0]!;
    video.buffered = { length: 1, start: () => 12, end: () => 12.2 };
    worker.say({ type: 'seek', position: 12.5 });
    // The key frame's picture is up 30 ms later; the position has nothing to play on yet.
    await vi.advanceTimersByTimeAsync(30);
    video.seeked();
    video.frameCallbacks.at(-1)!();
    expect(video.seeks).toEqual([12]);
    // The next pieces come 60 ms later: 90 ms since the engine aimed, as far as the edge moved.
    await vi.advanceTimersByTimeAsync(40);
    video.buffered = MORE_IN;
    await vi.advanceTimersByTimeAsync(20);
    expect(video.seeks[1]).toBeCloseTo(12.59, 9);
    expect(video.seeks).toHaveLength(2);
  });

  it('moves on no further than leaves what plays on ahead, and seeks as it is after its patience', async () => {
    const { win, videos } = fakeWindow({ search: '?muted=true' });
    earlyStart(win, '/assets/engine-worker-abc.js');
    const worker = FakeWorker.made[0]!;
    await settle();
    worker.say({ type: 'mediaSourceHandle', handle: { id: 'h' } });
    const video = videos[0]!;
    video.buffered = { length: 1, start: () => 12, end: () => 12.2 };
    worker.say({ type: 'seek', position: 12.5 });
    video.seeked();
    video.frameCallbacks.at(-1)!();
    // A little more in, never enough: after its patience, the position as the engine asked.
    video.buffered = { length: 1, start: () => 12, end: () => 12.5 + START_AHEAD_S - 0.1 };
    await vi.advanceTimersByTimeAsync(START_MEDIA_PATIENCE_MS - 20);
    expect(video.seeks).toEqual([12]);
    await vi.advanceTimersByTimeAsync(40);
    expect(video.seeks).toEqual([12, 12.5]);
  });

  it('moves on by what the picture took, within what is buffered', async () => {
    const { win, videos } = fakeWindow({ search: '?muted=true' });
    earlyStart(win, '/assets/engine-worker-abc.js');
    const worker = FakeWorker.made[0]!;
    await settle();
    worker.say({ type: 'mediaSourceHandle', handle: { id: 'h' } });
    const video = videos[0]!;
    video.buffered = { length: 1, start: () => 12, end: () => 12.2 };
    worker.say({ type: 'seek', position: 12.5 });
    await vi.advanceTimersByTimeAsync(150);
    video.buffered = { length: 1, start: () => 12, end: () => 13.1 };
    video.seeked();
    video.frameCallbacks.at(-1)!();
    // 150 ms on would leave 0.45 s: moved on to leave START_AHEAD_S.
    expect(video.seeks[1]).toBeCloseTo(13.1 - START_AHEAD_S, 9);
  });

  it('plays on the second seek’s end, not on a late event of the first', async () => {
    const { win, videos } = fakeWindow({ search: '?muted=true' });
    earlyStart(win, '/assets/engine-worker-abc.js');
    const worker = FakeWorker.made[0]!;
    await settle();
    worker.say({ type: 'mediaSourceHandle', handle: { id: 'h' } });
    const video = videos[0]!;
    video.buffered = { length: 1, start: () => 12, end: () => 12.2 };
    worker.say({ type: 'seek', position: 12.5 });
    // The key frame's picture is up before the first seek's events have been dispatched.
    video.buffered = MORE_IN;
    video.frameCallbacks.at(-1)!();
    expect(video.seeks).toEqual([12, 12.5]);
    video.listeners.get('seeked')!();
    video.listeners.get('canplay')!();
    expect(video.played).toBe(0);
    video.seeked();
    expect(video.played).toBe(1);
  });

  it('plays once the element can play on from the position, not with its one frame there', async () => {
    const { win, videos } = fakeWindow({ search: '?muted=true' });
    earlyStart(win, '/assets/engine-worker-abc.js');
    const worker = FakeWorker.made[0]!;
    await settle();
    worker.say({ type: 'mediaSourceHandle', handle: { id: 'h' } });
    const video = videos[0]!;
    video.buffered = { length: 1, start: () => 12, end: () => 12.2 };
    worker.say({ type: 'seek', position: 12.5 });
    video.seeked();
    video.buffered = MORE_IN;
    video.frameCallbacks.at(-1)!();
    video.readyState = 2;
    video.seeked();
    expect(video.played).toBe(0);
    video.readyState = 3;
    video.listeners.get('canplay')!();
    expect(video.played).toBe(1);
  });

  it('seeks on and plays where no frame is presented (a hidden page), after the app’s patience', async () => {
    const { win, videos } = fakeWindow({ search: '?muted=true' });
    earlyStart(win, '/assets/engine-worker-abc.js');
    const worker = FakeWorker.made[0]!;
    await settle();
    worker.say({ type: 'mediaSourceHandle', handle: { id: 'h' } });
    const video = videos[0]!;
    video.buffered = { length: 1, start: () => 12, end: () => 12.2 };
    worker.say({ type: 'seek', position: 12.5 });
    video.seeked();
    // In by then, but no more than what plays on from 12.5: not moved on.
    video.buffered = { length: 1, start: () => 12, end: () => 12.5 + START_AHEAD_S };
    await vi.advanceTimersByTimeAsync(EARLY_FIRST_FRAME_PATIENCE_MS);
    expect(video.seeks).toEqual([12, 12.5]);
    video.seeked();
    expect(video.played).toBe(1);
    // The picture's callback, late, changes nothing.
    video.frameCallbacks.at(-1)!();
    expect(video.seeks).toEqual([12, 12.5]);
    expect(video.played).toBe(1);
  });

  it('leaves a position the viewer chose before the key frame’s picture came', async () => {
    const { win, videos } = fakeWindow({ search: '?muted=true' });
    earlyStart(win, '/assets/engine-worker-abc.js');
    const worker = FakeWorker.made[0]!;
    await settle();
    worker.say({ type: 'mediaSourceHandle', handle: { id: 'h' } });
    const video = videos[0]!;
    video.buffered = { length: 1, start: () => 12, end: () => 12.2 };
    worker.say({ type: 'seek', position: 12.5 });
    video.currentTime = 30;
    video.frameCallbacks.at(-1)!();
    expect(video.seeks).toEqual([12, 30]);
  });

  it('never plays again on a later start seek once the viewer has paused the element', async () => {
    const { win, videos } = fakeWindow({ search: '?muted=true' });
    const handle = earlyStart(win, '/assets/engine-worker-abc.js')!;
    const worker = FakeWorker.made[0]!;
    await settle();
    worker.say({ type: 'mediaSourceHandle', handle: { id: 'h' } });
    worker.say({ type: 'seek', position: 12.5 });
    videos[0]!.seeked();
    expect(videos[0]!.played).toBe(1);
    // The viewer pauses (a media key); the engine starts again and seeks.
    handle.engine!.pausedByViewer = true;
    worker.say({ type: 'seek', position: 20 });
    videos[0]!.seeked();
    expect(videos[0]!.seeks.at(-1)).toBe(20);
    expect(videos[0]!.played).toBe(1);
  });

  it('leaves the element paused where the viewer wants sound (the player asks the browser first)', async () => {
    const { win, videos } = fakeWindow({ search: '' });
    earlyStart(win, '/assets/engine-worker-abc.js');
    await settle();
    FakeWorker.made[0]!.say({ type: 'mediaSourceHandle', handle: {} });
    FakeWorker.made[0]!.say({ type: 'seek', position: 3 });
    expect(videos[0]!.played).toBe(0);
  });

  it('discards the engine for a channel that is not live, and lets the app run', async () => {
    const { win } = fakeWindow({ live: false });
    const handle = earlyStart(win, '/assets/engine-worker-abc.js')!;
    const released = vi.fn();
    void handle.firstFrame!.then(released);
    await settle();
    const worker = FakeWorker.made[0]!;
    expect(worker.posted.at(-1)).toEqual({ cmd: 'delete' });
    expect(worker.terminated).toBe(true);
    expect(handle.engine).toBeNull();
    expect(released).toHaveBeenCalled();
  });

  it('lets the app run after its patience, and discards an engine nobody adopted', async () => {
    const { win } = fakeWindow();
    const handle = earlyStart(win, '/assets/engine-worker-abc.js')!;
    const released = vi.fn();
    void handle.firstFrame!.then(released);
    await vi.advanceTimersByTimeAsync(EARLY_FIRST_FRAME_PATIENCE_MS - 1);
    expect(released).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(released).toHaveBeenCalled();
    expect(handle.engine).not.toBeNull();
    await vi.advanceTimersByTimeAsync(EARLY_ADOPTION_WINDOW_MS);
    expect(handle.engine).toBeNull();
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });
});

describe('liveStreamUrl', () => {
  it('is the absolute http(s) URL of a live channel, and null otherwise', () => {
    expect(liveStreamUrl({ livestream: {} }, { data: '/hls/a/master.m3u8' }, ORIGIN)).toBe(
      `${ORIGIN}/hls/a/master.m3u8`,
    );
    expect(liveStreamUrl({ livestream: null }, { data: MASTER }, ORIGIN)).toBeNull();
    expect(liveStreamUrl({ livestream: {} }, { data: 'javascript:alert(1)' }, ORIGIN)).toBeNull();
    expect(liveStreamUrl({ livestream: {} }, { data: 'http://h:99999/' }, ORIGIN)).toBeNull();
    expect(liveStreamUrl(null, null, ORIGIN)).toBeNull();
  });
});
