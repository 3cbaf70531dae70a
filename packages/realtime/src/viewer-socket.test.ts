import type { WebSocket as NodeWebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { fakeWebSocketClass } from './testing/fake-websocket.ts';
import type { FakeWebSocket } from './testing/fake-websocket.ts';
import { recordingLogger } from './testing/logger.ts';
import { createViewerSocket, viewerConnectUrl } from './viewer-socket.ts';
import type { ViewerSocket, ViewerSocketOptions, ViewerSocketState, WebSocketConstructor } from './viewer-socket.ts';

/** random() = 0 makes every token query wait the minimum 100 ms. */
const TOKEN_DELAY = 100;

let socket: ViewerSocket | null = null;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  socket?.close();
  socket = null;
  vi.useRealTimers();
});

function setup(overrides: Partial<ViewerSocketOptions> = {}) {
  const { WebSocket, sockets } = fakeWebSocketClass();
  const logger = recordingLogger();
  let issued = 0;
  const fetch = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>(() => {
    issued += 1;
    return Promise.resolve(Response.json({ data: { token: `t-${issued}` } }));
  });
  const viewer = createViewerSocket(
    { websocketUrl: 'https://ws.test', clientToken: 'client-1', ...overrides },
    { fetch, WebSocket, logger, random: () => 0 },
  );
  socket = viewer;
  const states: ViewerSocketState[] = [];
  viewer.subscribe((state) => states.push(state));
  const latest = (): FakeWebSocket => {
    const last = sockets.at(-1);
    if (!last) throw new Error('no socket was created');
    return last;
  };
  /** connect() and let the first token arrive, leaving the socket connecting. */
  const connectUntilSocket = async () => {
    viewer.connect();
    await vi.advanceTimersByTimeAsync(TOKEN_DELAY);
    return latest();
  };
  return { viewer, sockets, logger, fetch, states, latest, connectUntilSocket };
}

describe('WebSocketConstructor', () => {
  it("accepts the browser's WebSocket and node's ws", () => {
    expectTypeOf<typeof WebSocket>().toExtend<WebSocketConstructor>();
    expectTypeOf<typeof NodeWebSocket>().toExtend<WebSocketConstructor>();
  });
});

describe('viewerConnectUrl', () => {
  it('turns the HTTP base into a websocket URL with the token as a query parameter', () => {
    expect(viewerConnectUrl('https://ws.test/', '/viewer/v1/connect', 'a b')).toBe(
      'wss://ws.test/viewer/v1/connect?token=a+b',
    );
    expect(viewerConnectUrl('http://127.0.0.1:3000', '/viewer/v1/connect', 't')).toBe(
      'ws://127.0.0.1:3000/viewer/v1/connect?token=t',
    );
  });
});

describe('createViewerSocket', () => {
  it('starts closed and connects only on demand, after a token', async () => {
    const { viewer, sockets, fetch, states, connectUntilSocket } = setup({ getRequestId: () => 'req-1' });
    expect(viewer.getState()).toEqual({ status: 'closed', reason: 'idle', willReconnect: false });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).not.toHaveBeenCalled();

    const first = await connectUntilSocket();
    expect(sockets).toHaveLength(1);
    expect(first.url).toBe('wss://ws.test/viewer/v1/connect?token=t-1');
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('x-request-id')).toBe('req-1');
    first.accept();

    expect(states).toEqual([
      { status: 'fetching-token', attempt: 0 },
      { status: 'connecting', attempt: 0 },
      { status: 'open' },
    ]);
  });

  it('connect() does nothing while already connecting or open', async () => {
    const { viewer, sockets, connectUntilSocket } = setup();
    const first = await connectUntilSocket();
    viewer.connect();
    first.accept();
    viewer.connect();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sockets).toHaveLength(1);
  });

  it('pings every 30 s while open and stops when the socket closes', async () => {
    const { connectUntilSocket } = setup();
    const first = await connectUntilSocket();
    first.accept();

    await vi.advanceTimersByTimeAsync(29_999);
    expect(first.messages()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(first.messages()).toEqual([{ type: 'ping' }]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(first.messages()).toEqual([{ type: 'ping' }, { type: 'ping' }]);

    first.drop(1006);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(first.messages()).toHaveLength(2);
  });

  it('sends only while open, as JSON', async () => {
    const { viewer, connectUntilSocket } = setup();
    const message = { type: 'channel_handshake', data: { message: { channelId: 1 } } } as const;
    expect(viewer.send(message)).toBe(false);
    const first = await connectUntilSocket();
    expect(viewer.send(message)).toBe(false);
    first.accept();
    expect(viewer.send(message)).toBe(true);
    expect(first.sent).toEqual([JSON.stringify(message)]);
  });

  it('hands {type, data} messages to listeners and warns about anything else', async () => {
    const { viewer, logger, connectUntilSocket } = setup();
    const received = vi.fn();
    viewer.onMessage(received);
    const first = await connectUntilSocket();
    first.accept();
    first.receive(JSON.stringify({ type: 'pong' }));
    first.receive('not json');
    first.receive(JSON.stringify({ data: 1 }));

    expect(received.mock.calls).toEqual([[{ type: 'pong' }]]);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('logs close codes by severity: critical as error, 1006 as warning, others as info', async () => {
    const { latest, logger, connectUntilSocket } = setup();
    (await connectUntilSocket()).accept();
    latest().drop(1011, 'internal error');
    await vi.advanceTimersByTimeAsync(1_000 + TOKEN_DELAY);
    latest().accept();
    latest().drop(1006);
    await vi.advanceTimersByTimeAsync(1_300 + TOKEN_DELAY);
    latest().accept();
    latest().drop(1001, 'going away');

    expect(logger.messages('error')).toEqual(['[viewer-socket] closed (critical) with code 1011: internal error']);
    expect(logger.messages('warn')).toEqual(['[viewer-socket] closed (abnormal) with code 1006']);
    expect(logger.messages('info')).toEqual(['[viewer-socket] closed (normal) with code 1001: going away']);
  });

  it('reconnects after a drop with a fresh token, after partysocket’s 1 s delay', async () => {
    const { sockets, fetch, states, latest, connectUntilSocket } = setup();
    const first = await connectUntilSocket();
    first.accept();
    await vi.advanceTimersByTimeAsync(10_000);
    first.drop(1012);

    expect(states.at(-1)).toEqual({ status: 'closed', reason: 'connection-lost', willReconnect: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + TOKEN_DELAY);

    expect(fetch).toHaveBeenCalledTimes(2);
    expect(sockets).toHaveLength(2);
    expect(latest().url).toBe('wss://ws.test/viewer/v1/connect?token=t-2');
    latest().accept();
    expect(states.slice(-3)).toEqual([
      { status: 'fetching-token', attempt: 1 },
      { status: 'connecting', attempt: 1 },
      { status: 'open' },
    ]);
  });

  it('a token failure on a later attempt leaves the socket closed until the next attempt succeeds', async () => {
    const { fetch, sockets, states, latest, connectUntilSocket } = setup();
    (await connectUntilSocket()).accept();
    fetch.mockResolvedValueOnce(Response.json({ message: 'expired session' }, { status: 403 }));
    latest().drop(1006);
    await vi.advanceTimersByTimeAsync(1_000 + TOKEN_DELAY);

    expect(states.slice(-3)).toEqual([
      { status: 'closed', reason: 'connection-lost', willReconnect: true },
      { status: 'fetching-token', attempt: 1 },
      { status: 'closed', reason: 'token-failed', willReconnect: true },
    ]);
    await vi.advanceTimersByTimeAsync(1_300 + TOKEN_DELAY);
    expect(sockets).toHaveLength(2);
    latest().accept();
    expect(states.at(-1)).toEqual({ status: 'open' });
  });

  it('connects again with a new socket after close()', async () => {
    const { viewer, sockets, states, connectUntilSocket } = setup();
    (await connectUntilSocket()).accept();
    viewer.close();
    await connectUntilSocket();

    expect(sockets).toHaveLength(2);
    expect(states.slice(-3)).toEqual([
      { status: 'closed', reason: 'client', willReconnect: false },
      { status: 'fetching-token', attempt: 0 },
      { status: 'connecting', attempt: 0 },
    ]);
  });

  it('times out a connection after 5 s and tries again', async () => {
    const { sockets, logger, connectUntilSocket } = setup();
    const first = await connectUntilSocket();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(first.readyState).toBe(0);
    await vi.advanceTimersByTimeAsync(1);

    expect(first.closedWith).not.toBeNull();
    expect(logger.messages('warn')).toContain('[viewer-socket] connection timed out after 5000 ms');
    await vi.advanceTimersByTimeAsync(1_000 + TOKEN_DELAY);
    expect(sockets).toHaveLength(2);
  });

  it('treats a failed token query as a failed attempt and retries with a new query', async () => {
    const { viewer, fetch, sockets, logger, states } = setup();
    fetch.mockResolvedValueOnce(Response.json({ message: 'bad client token' }, { status: 401 }));
    viewer.connect();
    await vi.advanceTimersByTimeAsync(TOKEN_DELAY);

    expect(states.at(-1)).toEqual({ status: 'closed', reason: 'token-failed', willReconnect: true });
    expect(logger.messages('warn')[0]).toMatch(/^\[viewer-socket\] no token: /);
    await vi.advanceTimersByTimeAsync(1_000 + TOKEN_DELAY);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(sockets).toHaveLength(1);
  });

  it('gives up after 10 retries and can be connected again by hand', async () => {
    const { viewer, sockets, latest, states, logger, connectUntilSocket } = setup();
    await connectUntilSocket();
    for (let retry = 1; retry <= 10; retry += 1) {
      latest().refuse();
      await vi.advanceTimersByTimeAsync(Math.min(1_000 * 1.3 ** (retry - 1), 30_000) + TOKEN_DELAY);
    }
    expect(sockets).toHaveLength(11);
    latest().refuse();
    await vi.advanceTimersByTimeAsync(120_000);

    expect(sockets).toHaveLength(11);
    expect(states.at(-1)).toEqual({ status: 'closed', reason: 'connection-lost', willReconnect: false });
    expect(logger.messages('warn')).toContain('[viewer-socket] gave up after 10 retries');

    viewer.connect();
    await vi.advanceTimersByTimeAsync(TOKEN_DELAY);
    expect(sockets).toHaveLength(12);
  });

  it('close() while fetching a token cancels it and creates no socket', async () => {
    const { viewer, sockets, fetch, states } = setup();
    viewer.connect();
    await vi.advanceTimersByTimeAsync(50);
    viewer.close();
    await vi.advanceTimersByTimeAsync(60_000);

    expect(fetch).not.toHaveBeenCalled();
    expect(sockets).toHaveLength(0);
    expect(states.at(-1)).toEqual({ status: 'closed', reason: 'client', willReconnect: false });
  });

  it('close() while open closes with 1000, stops pinging and does not reconnect', async () => {
    const { viewer, sockets, logger, connectUntilSocket } = setup();
    const first = await connectUntilSocket();
    first.accept();
    viewer.close();
    await vi.advanceTimersByTimeAsync(120_000);

    expect(first.closedWith).toEqual({ code: 1000, reason: '' });
    expect(first.sent).toEqual([]);
    expect(sockets).toHaveLength(1);
    expect(viewer.getState()).toEqual({ status: 'closed', reason: 'client', willReconnect: false });
    expect(logger.messages('info')).toEqual(['[viewer-socket] closed (normal) with code 1000']);
  });
});
