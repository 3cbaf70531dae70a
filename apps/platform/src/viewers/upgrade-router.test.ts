import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { upgradeRouterFor } from './upgrade-router.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listening(): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => response.end());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A service that greets with its own name, as each websocket service of the platform would. */
function service(name: string) {
  const wss = new WebSocketServer({ noServer: true });
  return (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.send(name);
      ws.close();
    });
}

/** What a websocket client gets: the first message, or the refused upgrade's HTTP status. */
function outcome(url: string): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.once('message', (data) => resolve(data.toString()));
    ws.once('unexpected-response', (_request, response) => {
      resolve(`HTTP ${response.statusCode}`);
      ws.terminate();
    });
    ws.once('error', (error) => resolve(`error ${error.message}`));
  });
}

describe('upgrade router', () => {
  it('sends each path to its own service and 404s the rest', async () => {
    const { server, url } = await listening();
    const router = upgradeRouterFor(server);
    expect(upgradeRouterFor(server)).toBe(router);
    router.add((pathname) => pathname === '/viewer/v1/connect', service('viewer'));
    router.add((pathname) => pathname.startsWith('/app/'), service('pusher'));
    expect(await outcome(`${url}/viewer/v1/connect?token=t`)).toBe('viewer');
    expect(await outcome(`${url}/app/key?protocol=7`)).toBe('pusher');
    expect(await outcome(`${url}/elsewhere`)).toBe('HTTP 404');
  });

  it('leaves unclaimed paths to a service that listens beside it', async () => {
    const { server, url } = await listening();
    upgradeRouterFor(server).add((pathname) => pathname === '/viewer/v1/connect', service('viewer'));
    const beside = service('beside');
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (request.url?.startsWith('/app/')) beside(request, socket, head);
    });
    expect(await outcome(`${url}/app/key`)).toBe('beside');
    expect(await outcome(`${url}/viewer/v1/connect`)).toBe('viewer');
  });

  it('stops listening when its last route is removed', async () => {
    const { server } = await listening();
    const remove = upgradeRouterFor(server).add(() => true, service('x'));
    expect(server.listenerCount('upgrade')).toBe(1);
    remove();
    remove();
    expect(server.listenerCount('upgrade')).toBe(0);
  });
});
