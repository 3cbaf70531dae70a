import {
  ViewerTokenError,
  createPresence,
  createViewerSocket,
  fetchViewerToken,
  type RealtimeLogger,
  type ViewerSocketState,
} from '@onair/realtime';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  CLIENT_TOKEN,
  currentViewers,
  eventually,
  pageWebSocket,
  startPlatform,
  type RunningPlatform,
} from './test-viewer-client.ts';
import { ADMIN_HEADERS } from '../testing/admin.ts';

/**
 * The embed's real viewer client (packages/realtime) against this viewer service over real
 * sockets: token retries, presence counting, reconnection after the service drops it, and
 * how close codes are classified.
 */
const noWait = { sleep: async () => {}, random: () => 0 };

function recordingLogger() {
  const lines: { level: string; text: string }[] = [];
  const logger: RealtimeLogger = {
    error: (...args: unknown[]) => lines.push({ level: 'error', text: args.map(String).join(' ') }),
    warn: (...args: unknown[]) => lines.push({ level: 'warn', text: args.map(String).join(' ') }),
    info: (...args: unknown[]) => lines.push({ level: 'info', text: args.map(String).join(' ') }),
  };
  return { lines, logger };
}

let platforms: RunningPlatform[] = [];
afterEach(async () => {
  await Promise.all(platforms.map((p) => p.app.close()));
  platforms = [];
});

async function platform(): Promise<RunningPlatform> {
  const started = await startPlatform();
  platforms.push(started);
  return started;
}

async function tokenFaults(base: string, status: number, count: number): Promise<void> {
  const response = await fetch(`${base}/admin/viewers/token-faults`, {
    method: 'POST',
    headers: { ...ADMIN_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ status, count }),
  });
  expect(response.status).toBe(201);
}

describe('the real viewer client against the viewer service', () => {
  it('retries the token query on 502 and gets a token', async () => {
    const { base } = await platform();
    await tokenFaults(base, 502, 2);
    const token = await fetchViewerToken({ websocketUrl: base, clientToken: CLIENT_TOKEN }, { fetch, ...noWait });
    expect(token).toMatch(/^v1\./);
  });

  it('does not retry a 401', async () => {
    const { base } = await platform();
    await tokenFaults(base, 401, 1);
    const failure = await fetchViewerToken(
      { websocketUrl: base, clientToken: CLIENT_TOKEN },
      { fetch, ...noWait },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ViewerTokenError);
    expect((failure as ViewerTokenError).status).toBe(401);
    // Had it retried, the next query would have succeeded: the fault was for one request only.
    const faults = (await (
      await fetch(`${base}/admin/viewers/token-faults`, { headers: ADMIN_HEADERS })
    ).json()) as unknown;
    expect(JSON.stringify(faults)).not.toContain('401');
  });

  it('connects, is counted while it handshakes, and is counted again after the service restarts', async () => {
    const first = await platform();
    const { logger, lines } = recordingLogger();
    const socket = createViewerSocket(
      {
        websocketUrl: first.base,
        clientToken: CLIENT_TOKEN,
        tokenDelayMs: { min: 0, max: 1 },
        reconnection: { minReconnectionDelay: 200, maxReconnectionDelay: 500 },
      },
      // Node's ws with the embed page's Origin, as a browser sends it.
      { fetch, WebSocket: pageWebSocket(first.base) as never, logger },
    );
    const states: ViewerSocketState['status'][] = [];
    socket.subscribe((state) => states.push(state.status));
    socket.connect();
    const presence = createPresence({ socket, channelId: 201 });
    expect(await eventually(async () => (await currentViewers(first.base, 201))[201], 1)).toBe(1);

    // The service goes away and comes back on the same port: the client reconnects by itself
    // (a new token, a new socket) and its presence announces the channel again.
    const port = Number(new URL(first.base).port);
    await first.app.close();
    platforms = platforms.filter((p) => p !== first);
    const second = await startPlatform({}, port);
    platforms.push(second);
    // (A pooled keep-alive connection to the old process fails once: read that as not yet.)
    const count = async () => (await currentViewers(second.base, 201).catch(() => ({}) as Record<number, number>))[201];
    expect(await eventually(count, 1, 20_000)).toBe(1);
    expect(states.filter((s) => s === 'open').length).toBeGreaterThanOrEqual(2);
    // The service closed with 1001 on shutdown: a normal close, not a critical one.
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);

    presence.stop();
    socket.close();
  });

  it('logs a refused token (close 4001) as critical', async () => {
    const { base } = await platform();
    const { logger, lines } = recordingLogger();
    const forged = new WebSocket(`${base.replace('http', 'ws')}/viewer/v1/connect?token=v1.forged.sig`, {
      origin: base,
    });
    const code = await new Promise<number>((resolve) => forged.on('close', (c) => resolve(c)));
    expect(code).toBe(4001);
    const { logClose } = await import('@onair/realtime');
    logClose(logger, code, 'token refused');
    expect(lines[0]?.level).toBe('error');
  });
});
