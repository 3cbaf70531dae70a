import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { createPresence } from './presence.ts';
import type { Presence } from './presence.ts';
import { recordingLogger } from './testing/logger.ts';
import { eventually, startViewerService } from './testing/viewer-service.ts';
import type { ViewerService } from './testing/viewer-service.ts';
import { createViewerSocket } from './viewer-socket.ts';
import type { ViewerSocket } from './viewer-socket.ts';

/**
 * Real sockets, real timers: the client against a small `ws` server speaking the viewer
 * protocol. Intervals are shortened so the test takes about a second; the production cadence
 * is covered on fake timers in viewer-socket.test.ts and presence.test.ts.
 */
const CLIENT_TOKEN = 'client-token-1';

let service: ViewerService;
let viewer: ViewerSocket | null = null;
let presence: Presence | null = null;

beforeEach(async () => {
  service = await startViewerService(CLIENT_TOKEN);
});
afterEach(async () => {
  presence?.stop();
  viewer?.close();
  presence = null;
  viewer = null;
  await service.close();
});

function connect() {
  const logger = recordingLogger();
  const pongs = vi.fn();
  viewer = createViewerSocket(
    {
      websocketUrl: service.url,
      clientToken: CLIENT_TOKEN,
      getRequestId: () => 'req-42',
      pingIntervalMs: 100,
      reconnection: { minReconnectionDelay: 100, maxReconnectionDelay: 500 },
      tokenDelayMs: { min: 10, max: 50 },
    },
    { fetch: globalThis.fetch, WebSocket: NodeWebSocket, logger },
  );
  viewer.onMessage(pongs);
  presence = createPresence({ socket: viewer, channelId: 7, intervalMs: 150 });
  viewer.connect();
  return { viewer, logger, pongs };
}

const count = (messages: { type: string }[], type: string) => messages.filter((m) => m.type === type).length;

describe('viewer socket against a real websocket server', () => {
  it('fetches a token, connects with it, then pings and handshakes arrive', async () => {
    const { viewer: socket, pongs } = connect();

    await eventually(() => {
      const first = service.connections[0];
      expect(first).toBeDefined();
      expect(count(first?.messages ?? [], 'ping')).toBeGreaterThanOrEqual(2);
      expect(count(first?.messages ?? [], 'channel_handshake')).toBeGreaterThanOrEqual(2);
    });

    expect(service.tokenRequests[0]?.['x-client-token']).toBe(CLIENT_TOKEN);
    expect(service.tokenRequests[0]?.['x-request-id']).toBe('req-42');
    expect(service.connections[0]?.token).toBe('token-1');
    expect(service.connections[0]?.messages[0]).toEqual({
      type: 'channel_handshake',
      data: { message: { channelId: 7 } },
    });
    expect(socket.getState()).toEqual({ status: 'open' });
    expect(pongs).toHaveBeenCalledWith({ type: 'pong' });
  });

  it('reconnects with a new token after the server drops the socket and sends the handshake again', async () => {
    const { viewer: socket, logger } = connect();
    await eventually(() => expect(service.connections[0]?.messages.length).toBeGreaterThan(0));

    service.connections[0]?.socket.terminate();

    await eventually(() => {
      const second = service.connections[1];
      expect(second?.token).toBe('token-2');
      expect(second?.messages[0]).toEqual({ type: 'channel_handshake', data: { message: { channelId: 7 } } });
      expect(count(second?.messages ?? [], 'ping')).toBeGreaterThanOrEqual(1);
    });
    expect(socket.getState()).toEqual({ status: 'open' });
    expect(logger.messages('warn')).toContain('[viewer-socket] closed (abnormal) with code 1006');
  });

  it('logs a critical close from the server, and leaving sends channel_disconnect then closes with 1000', async () => {
    const { viewer: socket, logger } = connect();
    await eventually(() => expect(service.connections[0]?.messages.length).toBeGreaterThan(0));

    service.connections[0]?.socket.close(1012, 'restarting');
    await eventually(() => expect(service.connections[1]?.messages.length).toBeGreaterThan(0));
    expect(logger.messages('error')).toContain('[viewer-socket] closed (critical) with code 1012: restarting');

    presence?.stop();
    socket.close();
    await eventually(() => expect(service.connections[1]?.closed).toEqual({ code: 1000, reason: '' }));
    const second = service.connections[1]?.messages ?? [];
    expect(second.at(-1)).toEqual({ type: 'channel_disconnect', data: { message: { channelId: 7 } } });
    expect(count(second, 'channel_disconnect')).toBe(1);
    expect(service.connections).toHaveLength(2);
  });
});
