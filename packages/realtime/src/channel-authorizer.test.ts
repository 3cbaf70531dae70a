import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher-js';
import type { ChannelAuthorizationCallback, ChannelAuthorizationHandler } from 'pusher-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RealtimeAuthError,
  createLivestreamAuthorizer,
  isPrivateLivestreamChannel,
  realtimeAuthUrl,
  routeChannelAuthorization,
} from './channel-authorizer.ts';
import { createRealtimeStore } from './realtime-store.ts';
import type { RealtimeStore } from './realtime-store.ts';
import { recordingLogger } from './testing/logger.ts';

type Outcome = { error: Error | null; data: Parameters<ChannelAuthorizationCallback>[1] };

function authorize(handler: ChannelAuthorizationHandler, channelName: string): Promise<Outcome> {
  return new Promise((resolve) =>
    handler({ socketId: '123.456', channelName }, (error, data) => resolve({ error, data })),
  );
}

function setup(requestId: string | null = 'req-1') {
  const logger = recordingLogger();
  const fetch = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
  const handler = createLivestreamAuthorizer({
    authUrl: 'https://rt.test/realtime/auth',
    fetch,
    getRequestId: () => requestId,
    logger,
  });
  return { logger, fetch, handler };
}

describe('createLivestreamAuthorizer', () => {
  it('POSTs socketId, channelName and requestId as JSON and hands back auth', async () => {
    const { fetch, handler } = setup();
    fetch.mockResolvedValue(Response.json({ auth: 'key:sig' }));

    const outcome = await authorize(handler, 'private-lstm_42');

    expect(outcome).toEqual({ error: null, data: { auth: 'key:sig' } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://rt.test/realtime/auth');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      socketId: '123.456',
      channelName: 'private-lstm_42',
      requestId: 'req-1',
    });
  });

  it("fails with 'No requestId found in' the store's name without calling the server", async () => {
    const { fetch, handler, logger } = setup(null);
    const outcome = await authorize(handler, 'private-lstm_42');

    expect(outcome.data).toBeNull();
    expect(outcome.error?.message).toBe('No requestId found in realtimeStore');
    expect(fetch).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it('reports a non-OK answer with the provider and the status, as a warning and to pusher-js', async () => {
    const { fetch, handler, logger } = setup();
    fetch.mockResolvedValue(Response.json({ message: 'nope' }, { status: 403 }));

    const outcome = await authorize(handler, 'private-lstm_42');

    expect(outcome.data).toBeNull();
    expect(outcome.error).toBeInstanceOf(RealtimeAuthError);
    expect(outcome.error?.message).toBe('Failed to fetch auth token for Pusher: 403');
    expect((outcome.error as RealtimeAuthError).status).toBe(403);
    expect(logger.messages('warn')).toEqual(['Failed to fetch auth token for Pusher: 403']);
  });

  it('reports a network failure and an answer without auth the same way', async () => {
    const { fetch, handler, logger } = setup();
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetch.mockResolvedValueOnce(Response.json({ token: 'x' }));

    const network = await authorize(handler, 'private-lstm_1');
    const shape = await authorize(handler, 'private-lstm_1');

    expect(network.error?.message).toBe('Failed to fetch auth token for Pusher: Failed to fetch');
    expect(shape.error?.message).toMatch(/^Failed to fetch auth token for Pusher: /);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });
});

describe('routing', () => {
  it('recognises only the private-lstm_ prefix', () => {
    expect(isPrivateLivestreamChannel('private-lstm_1')).toBe(true);
    expect(isPrivateLivestreamChannel('private-channel_1')).toBe(false);
    expect(isPrivateLivestreamChannel('presence-lstm_1')).toBe(false);
    expect(isPrivateLivestreamChannel('lstm_1')).toBe(false);
  });

  it('sends other channels to the fallback untouched', () => {
    const ours = vi.fn();
    const library = vi.fn();
    const route = routeChannelAuthorization(ours, library);
    const callback = vi.fn();
    route({ socketId: '1.1', channelName: 'private-lstm_1' }, callback);
    route({ socketId: '1.1', channelName: 'private-x' }, callback);

    expect(ours).toHaveBeenCalledWith({ socketId: '1.1', channelName: 'private-lstm_1' }, callback);
    expect(library).toHaveBeenCalledWith({ socketId: '1.1', channelName: 'private-x' }, callback);
  });

  it('builds the worker authorisation URL from the contract path', () => {
    expect(realtimeAuthUrl('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000/realtime/auth');
  });
});

describe('with the real pusher-js client (no realtime server needed)', () => {
  let store: RealtimeStore | null = null;
  let closeServer: (() => Promise<void>) | null = null;

  afterEach(async () => {
    store?.getState().disconnect();
    await closeServer?.();
  });

  it('routes private-lstm_ to our handler and other private channels to the library default endpoint', async () => {
    const received: { url: string; contentType: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ url: req.url ?? '', contentType: req.headers['content-type'] ?? '', body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ auth: 'library:sig' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closeServer = () => new Promise((resolve) => server.close(() => resolve()));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const fetch = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
    fetch.mockResolvedValue(Response.json({ auth: 'ours:sig' }));
    store = createRealtimeStore({ Pusher, fetch, logger: recordingLogger() });
    store.getState().setRequestId('req-9');
    // Nothing listens on port 9 here: the client keeps trying in the background, which
    // authorisation does not need.
    store.getState().connect({
      key: 'app-key',
      wsHost: '127.0.0.1',
      wsPort: 9,
      forceTLS: false,
      enabledTransports: ['ws'],
      authUrl: realtimeAuthUrl(origin),
      authEndpoint: `${origin}/pusher/auth`,
    });
    const client = store.getState().client as unknown as Pusher;

    const ours = await authorize(client.config.channelAuthorizer, 'private-lstm_5');
    const library = await authorize(client.config.channelAuthorizer, 'private-other_5');

    expect(ours).toEqual({ error: null, data: { auth: 'ours:sig' } });
    expect(fetch).toHaveBeenCalledOnce();
    expect(library.data).toEqual({ auth: 'library:sig' });
    expect(received).toHaveLength(1);
    expect(received[0]?.url).toBe('/pusher/auth');
    expect(received[0]?.contentType).toMatch(/application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(received[0]?.body)).toEqual(
      new URLSearchParams({ socket_id: '123.456', channel_name: 'private-other_5' }),
    );
  });
});
