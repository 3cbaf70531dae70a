import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from './create-platform.ts';
import { ADMIN_HEADERS, TEST_ADMIN } from './testing/admin.ts';

/**
 * Slow senders over a real socket. The platform here gives a request 300 ms (the real one 10 s,
 * REQUEST_TIMEOUT), so each case ends on the server's own close, not on a wait of the test's.
 */
const TIMEOUT = { ms: 300, checkEveryMs: 50 };

let platform: Platform;
let port: number;
beforeAll(async () => {
  platform = await createPlatform({
    embedDir: path.join(tmpdir(), 'onair-no-embed'),
    admin: TEST_ADMIN,
    requestTimeout: TIMEOUT,
  });
  const address = await platform.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(() => platform.app.close());

/** Writes `head` and then nothing; resolves with all the server said once it closed the socket. */
function sendAndHold(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let said = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (said += chunk));
    socket.on('close', () => resolve(said));
    socket.on('error', reject);
  });
}

describe('a request that arrives too slowly', () => {
  it('is answered 408 and closed when its body never comes (slow body)', async () => {
    const said = await sendAndHold(
      'POST /monitoring/intake HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n' +
        'Content-Length: 4096\r\n\r\n{"message":',
    );
    expect(said).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('is answered 408 and closed when its headers never end (slow headers)', async () => {
    const said = await sendAndHold('GET /api/v2/channels/studio-live/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1');
    expect(said).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('does not cut an answer the platform holds longer than the timeout (a stalled segment)', async () => {
    const slug = 'studio-live';
    const add = await fetch(`http://127.0.0.1:${port}/admin/channels/${slug}/faults`, {
      method: 'POST',
      headers: { ...ADMIN_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'init', stallMs: TIMEOUT.ms * 3, count: 1 }),
    });
    expect(add.status).toBe(201);
    const response = await fetch(`http://127.0.0.1:${port}/hls/${slug}/360p/init.mp4`);
    expect(response.status).toBe(200);
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.byteLength).toBe(Number(response.headers.get('content-length')));
  });
});
