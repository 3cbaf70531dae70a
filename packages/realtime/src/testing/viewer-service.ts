import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';

export interface ServerConnection {
  token: string;
  socket: WebSocket;
  messages: { type: string; data?: unknown }[];
  closed: { code: number; reason: string } | null;
}

export interface ViewerService {
  /** `http://127.0.0.1:{port}`: the websocket service's HTTP base. */
  url: string;
  tokenRequests: IncomingHttpHeaders[];
  connections: ServerConnection[];
  close(): Promise<void>;
}

/**
 * Just enough of the platform's viewer websocket service for the client's integration tests:
 * `GET /viewer/v1/token` checks the client token and issues single-use tokens;
 * `/viewer/v1/connect?token=` upgrades only with an unused one, records every message and
 * answers a ping with a pong.
 */
export async function startViewerService(clientToken: string): Promise<ViewerService> {
  const tokenRequests: IncomingHttpHeaders[] = [];
  const connections: ServerConnection[] = [];
  const unused = new Set<string>();
  let issued = 0;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== '/viewer/v1/token') {
      res.writeHead(404).end();
      return;
    }
    tokenRequests.push(req.headers);
    if (req.headers['x-client-token'] !== clientToken) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'bad client' }));
      return;
    }
    issued += 1;
    const token = `token-${issued}`;
    unused.add(token);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { token } }));
  });

  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, duplex, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const token = url.searchParams.get('token') ?? '';
    if (url.pathname !== '/viewer/v1/connect' || !unused.delete(token)) {
      duplex.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(req, duplex, head, (socket) => {
      const connection: ServerConnection = { token, socket, messages: [], closed: null };
      connections.push(connection);
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { type: string; data?: unknown };
        connection.messages.push(message);
        if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      });
      socket.on('close', (code, reason) => {
        connection.closed = { code, reason: reason.toString() };
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tokenRequests,
    connections,
    async close() {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls until `check` passes (it throws until then), failing with its last error. */
export async function eventually(check: () => void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
