import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, ErrorType, PlaybackRestriction } from '../types/errors.ts';
import {
  InvalidMediaError,
  loadFailure,
  loadWithRetry,
  LoadError,
  MEDIA_RETRY,
  OversizedBodyError,
  PLAYLIST_RETRY,
} from './loader.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A fetch whose first `stalled` requests never answer (an origin that stops sending) until aborted. */
function stallingFetch(stalled: number) {
  const calls: AbortSignal[] = [];
  const fetch = vi.fn((_url: string, init?: RequestInit) => {
    const signal = init!.signal!;
    calls.push(signal);
    if (calls.length > stalled) return Promise.resolve(new Response(new Uint8Array([1, 2, 3])));
    return new Promise<Response>((_resolve, reject) =>
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
    );
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const control = (signal: AbortSignal) => ({
  signal,
  current: () => true,
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  later: (fn: () => void, ms: number) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
});

describe('loadWithRetry: a media request that stops answering', () => {
  it('is abandoned after the policy’s timeout and tried again', async () => {
    const { fetch, calls } = stallingFetch(1);
    const deps = { fetch, monotonic: () => Date.now(), credentials: 'same-origin' as const };
    const result = loadWithRetry(deps, 'https://o.test/part.m4s', MEDIA_RETRY, control(new AbortController().signal));
    await vi.advanceTimersByTimeAsync(MEDIA_RETRY.timeoutMs - 1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(MEDIA_RETRY.baseDelayMs);
    expect(calls).toHaveLength(2);
    expect((await result)?.bytes).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('reports a timeout as a failed request once the retries are spent', async () => {
    const { fetch } = stallingFetch(Infinity);
    const deps = { fetch, monotonic: () => Date.now(), credentials: 'same-origin' as const };
    const policy = { maxRetries: 1, baseDelayMs: 100, maxDelayMs: 100, timeoutMs: 1000 };
    const result = loadWithRetry(deps, 'https://o.test/part.m4s', policy, control(new AbortController().signal));
    const settled = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000 + 100 + 1000);
    const error = await settled;
    expect(error).toBeInstanceOf(LoadError);
    expect(error).toMatchObject({ status: 0, message: 'no answer in 1000 ms' });
  });

  it('ends quietly when the caller aborts, with no timeout left behind', async () => {
    const { fetch, calls } = stallingFetch(Infinity);
    const deps = { fetch, monotonic: () => Date.now(), credentials: 'same-origin' as const };
    const abort = new AbortController();
    const result = loadWithRetry(deps, 'https://o.test/part.m4s', MEDIA_RETRY, control(abort.signal));
    abort.abort();
    expect(await result).toBeNull();
    expect(calls[0]!.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('loadWithRetry: a body that is not what was asked for', () => {
  /** Answers each request with the next body (the last one repeats). */
  function answering(bodies: Uint8Array<ArrayBuffer>[]) {
    let calls = 0;
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(bodies[Math.min(calls++, bodies.length - 1)]),
    );
    return { fetch: fetch as unknown as typeof globalThis.fetch, calls: () => calls, mock: fetch };
  }
  const check = (bytes: Uint8Array) => (bytes[0] === 0xaa ? null : 'not 0xAA');

  it('is asked for again, and the good answer is the result', async () => {
    const { fetch, calls, mock } = answering([new Uint8Array([1]), new Uint8Array([0xaa, 2])]);
    const deps = { fetch, monotonic: () => Date.now(), credentials: 'same-origin' as const };
    const result = loadWithRetry(deps, 'https://o.test/init.mp4', MEDIA_RETRY, {
      ...control(new AbortController().signal),
      check,
    });
    await vi.advanceTimersByTimeAsync(MEDIA_RETRY.baseDelayMs);
    expect((await result)?.bytes).toEqual(new Uint8Array([0xaa, 2]));
    expect(calls()).toBe(2);
    // The second try goes past the HTTP cache, which may hold the bad copy.
    expect(mock.mock.calls.map(([, init]) => init?.cache)).toEqual([undefined, 'reload']);
  });

  it('is InvalidData (1012), not a network failure, once the retries are spent', async () => {
    const { fetch, calls } = answering([new Uint8Array([1])]);
    const deps = { fetch, monotonic: () => Date.now(), credentials: 'same-origin' as const };
    const policy = { maxRetries: 2, baseDelayMs: 100, maxDelayMs: 100 };
    const settled = loadWithRetry(deps, 'https://o.test/init.mp4?token=secret', policy, {
      ...control(new AbortController().signal),
      check,
    }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(200);
    const error = await settled;
    expect(error).toBeInstanceOf(InvalidMediaError);
    expect(calls()).toBe(3);
    expect(loadFailure(error as LoadError, 'segment')).toEqual({
      type: 'InvalidData',
      code: 1012,
      source: 'segment',
      message: 'segment invalid media (not 0xAA): https://o.test/init.mp4',
      fatal: true,
    });
  });
});

describe('loadWithRetry: a body over the cap of its kind', () => {
  /** A body streamed in 64 KiB chunks, `chunks` of them, with no Content-Length. */
  function flood(chunks: number) {
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled++ >= chunks) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024));
      },
      cancel() {
        cancelled = true;
      },
    });
    const fetch = vi.fn(async () => new Response(body));
    return {
      fetch: fetch as unknown as typeof globalThis.fetch,
      mock: fetch,
      pulled: () => pulled,
      cancelled: () => cancelled,
    };
  }

  it('stops reading a playlist past 2 MiB, cancels the stream and does not ask again', async () => {
    const { fetch, mock, pulled, cancelled } = flood(10_000);
    const deps = { fetch, monotonic: () => Date.now(), credentials: 'same-origin' as const };
    const error = await loadWithRetry(deps, 'https://o.test/live.m3u8', MEDIA_RETRY, {
      ...control(new AbortController().signal),
      kind: 'playlist',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OversizedBodyError);
    expect(mock).toHaveBeenCalledTimes(1);
    expect(cancelled()).toBe(true);
    // 2 MiB is 32 chunks of 64 KiB: the 33rd is over, and nothing is read after it.
    expect(pulled()).toBeLessThanOrEqual(34);
    expect(loadFailure(error as LoadError, 'playlist')).toMatchObject({ code: ErrorCode.PlaylistInvalid, fatal: true });
  });

  it('refuses a declared Content-Length over the cap before reading', async () => {
    const fetch = vi.fn(
      async () => new Response(new Uint8Array(16), { headers: { 'content-length': String(2 * 1024 * 1024) } }),
    ) as unknown as typeof globalThis.fetch;
    const deps = { fetch, monotonic: () => Date.now(), credentials: 'same-origin' as const };
    const error = await loadWithRetry(deps, 'https://o.test/init.mp4', MEDIA_RETRY, {
      ...control(new AbortController().signal),
      kind: 'init',
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'OversizedBodyError', kind: 'init' });
  });

  it('stops reading a WebVTT segment past 1 MiB', async () => {
    const { fetch, pulled } = flood(10_000);
    const deps = { fetch, monotonic: () => Date.now(), credentials: 'same-origin' as const };
    const error = await loadWithRetry(deps, 'https://o.test/subs/1.vtt', MEDIA_RETRY, {
      ...control(new AbortController().signal),
      kind: 'subtitle',
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'OversizedBodyError', kind: 'subtitle' });
    // 1 MiB is 16 chunks of 64 KiB.
    expect(pulled()).toBeLessThanOrEqual(18);
  });

  it('reads a body within the cap whole, counting its bytes as they come', async () => {
    const { fetch } = flood(3);
    const deps = { fetch, monotonic: () => Date.now(), credentials: 'same-origin' as const };
    const seen: number[] = [];
    const loaded = await loadWithRetry(deps, 'https://o.test/part.m4s', MEDIA_RETRY, {
      ...control(new AbortController().signal),
      watch: { onBytes: (total) => seen.push(total) },
    });
    expect(loaded?.bytes.byteLength).toBe(3 * 64 * 1024);
    expect(seen).toEqual([65536, 131072, 196608]);
  });
});

describe('load: a byte range the playlist named', () => {
  it('asks for it with a Range header, without the marker, and cuts it from a whole answer', async () => {
    const seen: { url: string; range: string | null }[] = [];
    const whole = new Uint8Array(100).map((_, i) => i);
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      seen.push({ url, range: new Headers(init?.headers).get('range') });
      return new Response(whole); // a server that ignores Range: 200, everything
    }) as unknown as typeof globalThis.fetch;
    const deps = { fetch, monotonic: () => Date.now(), credentials: 'same-origin' as const };
    const loaded = await loadWithRetry(deps, 'https://o.test/all.mp4#onair-bytes=10-19', MEDIA_RETRY, {
      ...control(new AbortController().signal),
    });
    expect(seen).toEqual([{ url: 'https://o.test/all.mp4', range: 'bytes=10-19' }]);
    expect([...loaded!.bytes]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });
});

describe('loadWithRetry: a refusal that says why', () => {
  const answering = (...responses: (() => Response)[]) => {
    const fetch = vi.fn(() =>
      Promise.resolve(responses[Math.min(fetch.mock.calls.length - 1, responses.length - 1)]!()),
    );
    return fetch;
  };
  const deps = (fetch: unknown) => ({
    fetch: fetch as typeof globalThis.fetch,
    monotonic: () => Date.now(),
    credentials: 'same-origin' as const,
  });
  const restricted = () =>
    new Response(JSON.stringify({ status: 403, statusText: 'Forbidden', data: { message: 'no', restriction: 3 } }), {
      status: 403,
      headers: { 'content-type': 'application/json' },
    });

  it('reads the restriction a 403 names, asks once, and reports it with the error', async () => {
    const fetch = answering(restricted);
    const error = await loadWithRetry(
      deps(fetch),
      'https://o.test/m.m3u8',
      PLAYLIST_RETRY,
      control(new AbortController().signal),
    ).catch((caught: unknown) => caught);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(LoadError);
    expect(loadFailure(error as LoadError, 'playlist')).toMatchObject({
      type: ErrorType.Authorization,
      code: 403,
      restriction: PlaybackRestriction.AnonymizerBlocked,
    });
  });

  it('reads why a private channel refused the token, asks once, and never puts the token in the message', async () => {
    const body = { status: 403, statusText: 'Forbidden', data: { message: 'no', authorization: 'expired' } };
    const fetch = answering(() => new Response(JSON.stringify(body), { status: 403 }));
    const error = await loadWithRetry(
      deps(fetch),
      'https://o.test/m.m3u8?token=secret.jwt.sig',
      PLAYLIST_RETRY,
      control(new AbortController().signal),
    ).catch((caught: unknown) => caught);
    expect(fetch).toHaveBeenCalledTimes(1);
    const failure = loadFailure(error as LoadError, 'playlist');
    expect(failure).toMatchObject({ type: ErrorType.Authorization, code: 403, authorization: 'expired' });
    expect(failure.message).toContain('(token expired)');
    expect(failure.message).not.toContain('secret');
    expect(failure).not.toHaveProperty('restriction');
  });

  it('gives up at once on a 429 whose Retry-After is beyond the retry schedule (a concurrency limit)', async () => {
    const fetch = answering(() => new Response('', { status: 429, headers: { 'retry-after': '60' } }));
    const error = await loadWithRetry(
      deps(fetch),
      'https://o.test/m.m3u8',
      PLAYLIST_RETRY,
      control(new AbortController().signal),
    ).catch((caught: unknown) => caught);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(loadFailure(error as LoadError, 'playlist')).toMatchObject({ code: 429 });
    expect(loadFailure(error as LoadError, 'playlist')).not.toHaveProperty('restriction');
  });

  it('waits out a short Retry-After before asking again', async () => {
    const fetch = answering(
      () => new Response('', { status: 429, headers: { 'retry-after': '3' } }),
      () => new Response('#EXTM3U'),
    );
    const result = loadWithRetry(
      deps(fetch),
      'https://o.test/m.m3u8',
      PLAYLIST_RETRY,
      control(new AbortController().signal),
    );
    await vi.advanceTimersByTimeAsync(2_999); // the schedule alone would have asked after 1 s
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(new TextDecoder().decode((await result)!.bytes)).toBe('#EXTM3U');
  });
});
