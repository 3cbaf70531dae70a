import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { globalTimers, sleepWith } from './environment.ts';
import { recordingLogger } from './testing/logger.ts';
import {
  NO_TOKEN_MESSAGE,
  ViewerTokenError,
  fetchViewerToken,
  isNetworkFailure,
  tokenDelayMs,
  tokenRetryDelayMs,
} from './viewer-token.ts';
import type { ViewerTokenRequest } from './viewer-token.ts';

const request: ViewerTokenRequest = {
  websocketUrl: 'https://ws.test/',
  clientToken: 'client-1',
  requestId: 'req-1',
};
const tokenAnswer = (token: unknown) => Response.json({ data: { token } });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(random = 0) {
  const fetch = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
  const sleep = vi.fn(sleepWith(globalTimers));
  const logger = recordingLogger();
  const env = { fetch, random: () => random, sleep, logger };
  return { fetch, sleep, env, logger };
}

/** Runs the query to its end on fake time and reports how it settled. */
async function settle(promise: Promise<string>) {
  const outcome = promise.then(
    (token) => ({ token, error: null }),
    (error: unknown) => ({ token: null, error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

describe('tokenDelayMs', () => {
  it('spans 100 to 5000 ms', () => {
    expect(tokenDelayMs(() => 0)).toBe(100);
    expect(tokenDelayMs(() => 0.5)).toBe(2_550);
    expect(tokenDelayMs(() => 0.999_999_9)).toBe(5_000);
  });
});

describe('tokenRetryDelayMs', () => {
  it('doubles from 1 s and never exceeds 5 s', () => {
    expect([1, 2, 3, 4, 5].map((retry) => tokenRetryDelayMs(retry))).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
  });
});

describe('isNetworkFailure', () => {
  it.each([
    [new TypeError('NetworkError when attempting to fetch resource.'), true],
    [new Error('Failed to fetch'), true],
    [new Error('Load failed'), true],
    [new Error('Something else'), false],
    ['Failed to fetch', false],
  ])('%s → %s', (error, expected) => {
    expect(isNetworkFailure(error)).toBe(expected);
  });
});

describe('fetchViewerToken', () => {
  it('waits the random delay, then GETs /viewer/v1/token with the client token and request id', async () => {
    const { fetch, env } = setup(0.5);
    fetch.mockResolvedValue(tokenAnswer('t-1'));
    const promise = fetchViewerToken(request, env);

    await vi.advanceTimersByTimeAsync(2_549);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledOnce();
    await expect(promise).resolves.toBe('t-1');

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://ws.test/viewer/v1/token');
    const headers = new Headers(init?.headers);
    expect(headers.get('x-client-token')).toBe('client-1');
    expect(headers.get('x-request-id')).toBe('req-1');
  });

  it('leaves x-request-id out when there is none', async () => {
    const { fetch, env } = setup();
    fetch.mockResolvedValue(tokenAnswer('t'));
    await settle(fetchViewerToken({ ...request, requestId: null }, env));
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has('x-request-id')).toBe(false);
  });

  it('retries a 502 and network failures after 1 s, 2 s and 4 s', async () => {
    const { fetch, env, sleep } = setup(0);
    fetch
      .mockResolvedValueOnce(Response.json({ message: 'bad gateway' }, { status: 502 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new Error('Load failed'))
      .mockResolvedValueOnce(tokenAnswer('t-4'));
    const promise = fetchViewerToken(request, env);

    await vi.advanceTimersByTimeAsync(100);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(fetch).toHaveBeenCalledTimes(4);

    await expect(promise).resolves.toBe('t-4');
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([100, 1_000, 2_000, 4_000]);
  });

  it('gives up after three retries with the last error', async () => {
    const { fetch, env } = setup();
    fetch.mockImplementation(() => Promise.resolve(Response.json({}, { status: 503, statusText: 'Unavailable' })));

    const { error } = await settle(fetchViewerToken(request, env));

    expect(fetch).toHaveBeenCalledTimes(4);
    expect(error).toBeInstanceOf(ViewerTokenError);
    expect(error).toMatchObject({ code: 'http', status: 503, statusText: 'Unavailable', data: {} });
  });

  it.each([401, 403, 404, 500])('does not retry a %i', async (status) => {
    const { fetch, env } = setup();
    fetch.mockResolvedValue(Response.json({ message: 'no' }, { status }));

    const { error } = await settle(fetchViewerToken(request, env));

    expect(fetch).toHaveBeenCalledOnce();
    expect(error).toMatchObject({ code: 'http', status, data: { message: 'no' } });
  });

  it("fails with 'No token received from query' when the answer has no token, without retrying", async () => {
    const { fetch, env } = setup();
    fetch.mockResolvedValueOnce(tokenAnswer(null));
    fetch.mockResolvedValueOnce(Response.json({ data: {} }));
    fetch.mockResolvedValueOnce(new Response('not json'));

    for (let i = 0; i < 3; i += 1) {
      const { error } = await settle(fetchViewerToken(request, env));
      expect((error as Error).message).toBe(NO_TOKEN_MESSAGE);
    }
    expect(NO_TOKEN_MESSAGE).toBe('No token received from query');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not retry other errors thrown by fetch', async () => {
    const { fetch, env } = setup();
    fetch.mockRejectedValue(new RangeError('bad init'));
    const { error } = await settle(fetchViewerToken(request, env));
    expect(error).toBeInstanceOf(RangeError);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('stops waiting when aborted', async () => {
    const { fetch, env } = setup(1);
    const controller = new AbortController();
    const promise = fetchViewerToken(request, env, { signal: controller.signal });
    const outcome = promise.catch((error: unknown) => error);
    controller.abort(new Error('closed'));
    await vi.runAllTimersAsync();

    expect(await outcome).toEqual(new Error('closed'));
    expect(fetch).not.toHaveBeenCalled();
  });
});
