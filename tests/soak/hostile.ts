/**
 * Hostile clients of the soak, each bounded in count and time, each resolving with what the
 * platform did to it (so the run can say "200 sockets, 200 closed" rather than "it survived").
 */
import net from 'node:net';
import WebSocket from 'ws';
import { LOCAL_REALTIME_CREDENTIALS } from '../../apps/platform/src/realtime/realtime-config.ts';
import { LOCAL_CLIENT_TOKEN } from '../../apps/platform/src/viewers/viewer-service.ts';

export interface AbuseReport {
  what: string;
  sent: number;
  /** How the platform answered, counted by answer (a close code, a status, 'open'). */
  outcomes: Record<string, number>;
}

const count = (outcomes: Record<string, number>, key: string) => (outcomes[key] = (outcomes[key] ?? 0) + 1);

/**
 * Realtime sockets, half of them hostile in each way: the even ones flood subscribes past the
 * caps and are closed for it (they read, so they hear the close code); the odd ones subscribe
 * to the live channel, send junk (unparsable frames, unknown events, a private channel with a
 * forged auth) and then never read again, so the platform holds them with events waiting
 * (cut off past 1 MiB, unit-tested). `release` terminates whatever is still open.
 */
export async function hostileRealtimeSockets(port: number, sockets: number, channel: string) {
  const url = `ws://127.0.0.1:${port}/app/${LOCAL_REALTIME_CREDENTIALS.key}?protocol=7`;
  const outcomes: Record<string, number> = {};
  const opened: WebSocket[] = [];
  const floodsClosed: Promise<void>[] = [];
  const allClosed: Promise<void>[] = [];
  for (let i = 0; i < sockets; i++) {
    const ws = new WebSocket(url);
    const flood = i % 2 === 0;
    opened.push(ws);
    const closed = new Promise<void>((resolve) =>
      ws.once('close', (code) => {
        if (flood) count(outcomes, `flood closed ${code}`);
        resolve();
      }),
    );
    allClosed.push(closed);
    if (flood) floodsClosed.push(closed);
    ws.on('error', () => undefined);
    await new Promise<void>((resolve) => {
      ws.once('open', () => resolve());
      ws.once('error', () => resolve());
    });
    if (ws.readyState !== WebSocket.OPEN) continue;
    const send = (data: string) => ws.send(data);
    if (flood) {
      for (let c = 0; c < 300; c++) send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: `junk.${c}` } }));
      continue;
    }
    send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
    send('{not json');
    send(JSON.stringify({ event: 'pusher:unknown', data: 'x'.repeat(1000) }));
    send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-nope', auth: 'forged' } }));
    // Never read again: its receive buffer fills, then the platform's send buffer.
    (ws as unknown as { _socket: net.Socket })._socket.pause();
  }
  await Promise.all(floodsClosed);
  return {
    release: async (): Promise<AbuseReport> => {
      for (const ws of opened) ws.terminate();
      await Promise.all(allClosed);
      return {
        what: `${sockets} realtime sockets: ${sockets / 2} subscribe floods, ${sockets / 2} junk then never read`,
        sent: sockets,
        outcomes,
      };
    },
  };
}

/** Viewer sockets that each send `pings` at once (while Redis is paused, none is answered). */
export async function viewerPingFlood(base: string, sockets: number, pings: number, channelId: number) {
  const outcomes: Record<string, number> = {};
  const closed: Promise<void>[] = [];
  for (let i = 0; i < sockets; i++) {
    const token = await viewerToken(base);
    // Outside a browser, a client sends whatever Origin it likes: the embed page's, here.
    const ws = new WebSocket(`${base.replace('http', 'ws')}/viewer/v1/connect?token=${token}`, { origin: base });
    ws.on('error', () => undefined);
    closed.push(new Promise((resolve) => ws.once('close', (code) => (count(outcomes, `closed ${code}`), resolve()))));
    await new Promise<void>((resolve) => ws.once('open', () => resolve()));
    ws.send(JSON.stringify({ type: 'channel_handshake', data: { message: { channelId } } }));
    for (let p = 0; p < pings; p++) ws.send(JSON.stringify({ type: 'ping' }));
  }
  await Promise.all(closed);
  return { what: `${sockets} viewer sockets × ${pings} pings, Redis paused`, sent: sockets, outcomes };
}

async function viewerToken(base: string): Promise<string> {
  const response = await fetch(`${base}/viewer/v1/token`, { headers: { 'x-client-token': LOCAL_CLIENT_TOKEN } });
  if (!response.ok) throw new Error(`viewer token: ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** `posts` bodies of `bytes` each to an intake, `parallel` at a time. */
export async function largePosts(base: string, path: string, posts: number, bytes: number, parallel = 8) {
  const outcomes: Record<string, number> = {};
  const body = Buffer.alloc(bytes, 0x61);
  let next = 0;
  const worker = async () => {
    while (next < posts) {
      next++;
      try {
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          body,
          headers: { 'content-type': 'text/plain' },
        });
        await response.arrayBuffer();
        count(outcomes, `HTTP ${response.status}`);
      } catch {
        count(outcomes, 'connection closed');
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { what: `${posts} × ${bytes >> 20} MiB posts to ${path}`, sent: posts, outcomes };
}

/** Connections that send a request's headers and a little of its body, then nothing. */
export async function slowBodies(port: number, connections: number) {
  const outcomes: Record<string, number> = {};
  await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<void>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () =>
            socket.write(
              'POST /monitoring/intake HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n' +
                'Content-Length: 65536\r\n\r\n{"m":',
            ),
          );
          let said = '';
          socket.setEncoding('latin1');
          socket.on('data', (chunk: string) => (said += chunk));
          socket.on('error', () => undefined);
          socket.on('close', () => {
            count(outcomes, /^HTTP\/1\.1 (\d+)/.exec(said)?.[0] ?? 'closed without an answer');
            resolve();
          });
        }),
    ),
  );
  return { what: `${connections} slow-body connections`, sent: connections, outcomes };
}
