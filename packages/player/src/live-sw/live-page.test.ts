import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESPONSE_LIMITS } from '../base/bounded-body.ts';
import { FakeOrigin, segmentBytes, T0, URL_ } from '../testing/fake-ll-origin.ts';
import { LivePage, prefetchUrl, type PageEnvironment } from './live-page.ts';
import { defaultServiceWorkerConfig, type ServiceWorkerConfig } from './sw-config.ts';
import type { ManifestLoadAnalytics, WorkerToHost } from './sw-messages.ts';
import { NO_IDENTITY } from '../rules/request-identity.ts';

/**
 * One page's session in the live-manifest worker, against a fake LL-HLS origin (2 s segments
 * of four 0.5 s parts) on vitest's fake timers: what it claims, how it answers the native
 * player's playlists and segments, and what it reports.
 */
const MASTER = 'https://origin.example/hls/ch/master.m3u8';
const MULTIVARIANT = `#EXTM3U
#EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"
720p/media.m3u8
`;

const CONFIG: ServiceWorkerConfig = { ...defaultServiceWorkerConfig(false), url: '/live-manifest-sw.js' };

let origin: FakeOrigin;
let posted: WorkerToHost[];
let masterLoads: number;
/** What the origin answers for the multivariant (a test may make it hostile). */
let masterBody: () => Response;
let page: LivePage;
/** Every request the worker sent upstream, with its credentials mode. */
let fetched: { url: string; credentials: RequestCredentials | undefined }[];

function environment(): PageEnvironment {
  return {
    fetch: (url, signal, credentials) => {
      fetched.push({ url, credentials });
      if (url.split('?')[0] === MASTER) {
        masterLoads += 1;
        return Promise.resolve(masterBody());
      }
      return origin.fetch(url, signal);
    },
    now: () => Date.now(),
    sleep: (ms, signal) =>
      new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      }),
    post: (message) => void posted.push(message),
    respond: (body, contentType) =>
      Promise.resolve(
        new Response(typeof body === 'string' ? body : new Uint8Array(body), {
          headers: { 'content-type': contentType },
        }),
      ),
    log: () => {},
  };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 8; i++) await vi.advanceTimersByTimeAsync(0);
}

function track<T>(promise: Promise<T>) {
  const state = { done: false, value: undefined as T | undefined };
  void promise.then((value) => Object.assign(state, { done: true, value }));
  return state;
}

const states = () => posted.flatMap((m) => (m.type === 'stateChanged' ? [m.state] : []));
const analytics = () =>
  posted.flatMap((m) => (m.type === 'manifestLoadAnalytics' ? [m.analytics] : [])) as ManifestLoadAnalytics[];
/** The URIs a media playlist answer lists. */
const listed = (text: string) => text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));

async function configured(config: ServiceWorkerConfig = CONFIG, resume = false): Promise<void> {
  page.handle({ type: 'configure', config, source: MASTER, resume });
  const response = await page.answer(MASTER, 'multivariant');
  expect(await response!.text()).toContain(URL_);
}

async function mediaText(): Promise<string> {
  const response = await page.answer(URL_, 'media');
  return response!.text();
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0 + 10_000);
  origin = new FakeOrigin();
  posted = [];
  masterLoads = 0;
  fetched = [];
  masterBody = () => new Response(MULTIVARIANT);
  page = new LivePage(environment());
});

afterEach(() => {
  page.destroy();
  vi.useRealTimers();
});

describe('LivePage', () => {
  it('sends the page’s token on every request upstream, the ids once, and a new token from the next on', async () => {
    origin.parts = 1;
    const identity = { ...NO_IDENTITY, authToken: 'jwt-1', clientId: 'c1', credentials: 'include' as const };
    page.handle({ type: 'configure', config: CONFIG, source: MASTER, resume: false, identity });
    await page.answer(MASTER, 'multivariant');
    await mediaText();
    const query = (url: string) => new URL(url).searchParams;
    expect(fetched.length).toBeGreaterThan(1);
    expect(fetched.every((f) => query(f.url).get('token') === 'jwt-1' && f.credentials === 'include')).toBe(true);
    expect(fetched.filter((f) => query(f.url).get('client_id') === 'c1')).toHaveLength(1);
    // The native player asks at its own URL; the worker goes upstream with the token.
    expect(page.upstreamUrl('https://origin.example/hls/ch/720p/seg-1.m4s')).toBe(
      'https://origin.example/hls/ch/720p/seg-1.m4s?token=jwt-1',
    );
    page.handle({ type: 'setIdentity', identity: { ...identity, authToken: 'jwt-2' } });
    const before = fetched.length;
    const reload = track(mediaText());
    await settle();
    origin.advance();
    await settle();
    expect(reload.done).toBe(true);
    expect(fetched.length).toBeGreaterThan(before);
    expect(fetched.slice(before).every((f) => query(f.url).get('token') === 'jwt-2')).toBe(true);
    // One that does not check out changes nothing.
    page.handle({ type: 'setIdentity', identity: { ...identity, authToken: 'has space' } });
    expect(page.upstreamUrl(MASTER)).toBe(`${MASTER}?token=jwt-2`);
  });

  it('claims nothing until it is configured, and answers a heartbeat with its state', () => {
    expect(page.classify(MASTER)).toBeNull();
    page.handle({ type: 'heartbeat' });
    expect(states()).toEqual(['ready']);
  });

  it('refuses a config without url, and stays out of the way', () => {
    const { url: _url, ...withoutUrl } = CONFIG;
    page.handle({ type: 'configure', config: withoutUrl as ServiceWorkerConfig, source: MASTER, resume: false });
    expect(states()).toEqual(['configuring', 'error']);
    const error = posted.find((m) => m.type === 'stateChanged' && m.state === 'error');
    expect(error).toMatchObject({ message: 'The service worker config has no url' });
    expect(page.classify(MASTER)).toBeNull();
  });

  it('claims its source, the media playlists it names and their segments, nothing else', async () => {
    origin.parts = 1;
    await configured();
    expect(states()).toEqual(['configuring', 'active']);
    expect(page.classify(MASTER)).toBe('multivariant');
    expect(page.classify(URL_)).toBe('media');
    expect(page.classify('https://origin.example/hls/other/master.m3u8')).toBeNull();
    expect(page.classify('https://origin.example/assets/app.js')).toBeNull();
    await mediaText();
    expect(page.classify('https://origin.example/hls/ch/720p/seg-102.m4s')).toBe('segment');
  });

  it('reads no playlist past its cap: the answer fails and the worker lets the request go', async () => {
    let sent = 0;
    // An origin that never stops answering: 64 KiB chunks for ever.
    masterBody = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            sent += 65_536;
            controller.enqueue(new Uint8Array(65_536).fill(0x23));
          },
        }),
      );
    page.handle({ type: 'configure', config: CONFIG, source: MASTER, resume: false });
    await expect(page.answer(MASTER, 'multivariant')).rejects.toThrow(/playlist response is larger/);
    expect(sent).toBeLessThanOrEqual(RESPONSE_LIMITS.playlist + 2 * 65_536);
  });

  it('keeps the multivariant with cacheMultivariant, and fetches it every time without', async () => {
    await configured();
    await page.answer(MASTER, 'multivariant');
    expect(masterLoads).toBe(1);
    expect(analytics().map((a) => a.fromCache)).toEqual([false, true]);

    page.handle({ type: 'configure', config: { ...CONFIG, cacheMultivariant: false }, source: MASTER, resume: false });
    await page.answer(MASTER, 'multivariant');
    await page.answer(MASTER, 'multivariant');
    expect(masterLoads).toBe(3);
  });

  it('starts the native player one segment from live, then holds each reload until the next segment', async () => {
    origin.parts = 1; // early in the segment in progress: no wait for the start
    await configured();
    const first = await mediaText();
    expect(listed(first)).toEqual(['https://origin.example/hls/ch/720p/seg-102.m4s']);
    expect(first).toContain('#EXT-X-TARGETDURATION:0\n');

    const reload = track(mediaText());
    await vi.advanceTimersByTimeAsync(1_500);
    expect(reload.done).toBe(false);
    origin.advance();
    await settle();
    expect(reload.done).toBe(true);
    expect(listed(reload.value!).at(-1)).toBe('https://origin.example/hls/ch/720p/seg-103.m4s');
    expect(analytics().at(-1)).toMatchObject({ kind: 'media', heldMs: expect.any(Number) });
    expect(analytics().at(-1)!.heldMs).toBeGreaterThanOrEqual(1_500);
  });

  it('asked late in a segment, the first answer waits for it to complete', async () => {
    origin.parts = 3; // 1.5 s of a 2 s segment published
    await configured();
    const first = track(mediaText());
    await settle();
    expect(first.done).toBe(false);
    origin.advance();
    await settle();
    expect(listed(first.value!)).toEqual(['https://origin.example/hls/ch/720p/seg-103.m4s']);
  });

  it('resumes a playback (a restarted worker) with the whole window: the start does not move', async () => {
    origin.parts = 1;
    await configured(CONFIG, true);
    expect(listed(await mediaText())).toHaveLength(4);
  });

  it('holds the next media playlist for the debug delay', async () => {
    origin.parts = 1;
    await configured();
    page.handle({ type: 'debug', delayNextMediaManifest: { delayInMs: 4_000 } });
    const answer = track(mediaText());
    await vi.advanceTimersByTimeAsync(3_999);
    expect(answer.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(answer.done).toBe(true);
    expect(analytics().at(-1)).toMatchObject({ kind: 'media', delayedMs: 4_000 });
  });

  it('answers a whole segment from the parts it fetched ahead, and reports what the player asked for', async () => {
    origin.parts = 1;
    await configured();
    await mediaText();
    await settle();
    const segment = 'https://origin.example/hls/ch/720p/seg-102.m4s';
    const response = await page.answer(segment, 'segment');
    expect([...new Uint8Array(await response!.arrayBuffer())]).toEqual(segmentBytes(102));
    expect(origin.requests).not.toContain(segment);
    const report = posted.filter((m) => m.type === 'availableSegments').at(-1);
    expect(report).toMatchObject({ targetDuration: 2 });
    expect(report!.type === 'availableSegments' && report!.segments.at(-1)).toEqual({
      msn: 102,
      programDateTime: T0 + 2 * 2000,
      duration: 2,
      requested: true,
    });

    // The next playlist answer counts it.
    const reload = track(mediaText());
    origin.advance();
    await settle();
    expect(reload.done).toBe(true);
    expect(analytics().at(-1)).toMatchObject({ segmentsFromParts: 1 });
  });

  it('lets a segment go to the network without useLocalSegment', async () => {
    origin.parts = 1;
    await configured({ ...CONFIG, lowLatencyMode: { ...CONFIG.lowLatencyMode, useLocalSegment: false } });
    await mediaText();
    expect(await page.answer('https://origin.example/hls/ch/720p/seg-102.m4s', 'segment')).toBeNull();
  });

  it('lists the segment in progress whole with convertPrefetchSegment, and answers it once it is whole', async () => {
    origin.parts = 1;
    await configured({ ...CONFIG, lowLatencyMode: { ...CONFIG.lowLatencyMode, convertPrefetchSegment: true } });
    const text = await mediaText();
    const prefetch = prefetchUrl(URL_, 103);
    expect(listed(text)).toEqual(['https://origin.example/hls/ch/720p/seg-102.m4s', prefetch]);
    expect(page.classify(prefetch)).toBe('prefetch');

    const answer = track(page.answer(prefetch, 'prefetch'));
    for (let i = 0; i < 3; i++) {
      origin.addPart();
      await settle();
    }
    expect(answer.done).toBe(false);
    origin.advance();
    await settle();
    expect(answer.done).toBe(true);
    expect([...new Uint8Array(await answer.value!.arrayBuffer())]).toEqual(segmentBytes(103));
  });

  it('stops claiming anything once destroyed', async () => {
    await configured();
    page.handle({ type: 'destroy' });
    expect(page.classify(MASTER)).toBeNull();
    // Back to a worker that is up for no playback; the page that said destroy is not told.
    expect(page.state).toBe('ready');
    expect(states().at(-1)).toBe('active');
  });
});
