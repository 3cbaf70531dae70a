/**
 * A throwaway `redis-server` for the scale-out tests: its own temp dir, no persistence, a free
 * port. Test support only (the platform itself never starts Redis). The binary is Debian's,
 * which `npm test` installs (scripts/lib.mjs `ensureRedis`); override with REDIS_SERVER_PATH.
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server and removes its directory; a new one may be started on the same port. */
  stop(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open, commands get no answer. */
  pause(): void;
  /** Lets a paused process run again (SIGCONT). */
  resume(): void;
}

export function redisServerAvailable(): boolean {
  return existsSync(REDIS_SERVER);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** Resolves once the server says it accepts connections; rejects if it exits first. */
function ready(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => fail(new Error(`redis-server not ready after ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) done();
    };
    const onExit = (code: number | null) => fail(new Error(`redis-server exited (${code}):\n${output}`));
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    };
    const done = () => {
      cleanup();
      resolve();
    };
    const fail = (error: Error) => {
      cleanup();
      reject(error);
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * Starts redis-server on `port`, or on a free one. A free port is found by binding and
 * releasing it, so another process may take it in between: such a start is retried on a new one.
 */
export async function startTestRedis(options: { port?: number } = {}): Promise<TestRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), 'onair-redis-'));
  let lastError: unknown;
  for (let attempt = 0; attempt < (options.port === undefined ? 3 : 1); attempt += 1) {
    const port = options.port ?? (await freePort());
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
    const child = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stderr?.resume();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await ready(child, 15_000);
    } catch (error) {
      lastError = error;
      child.kill('SIGKILL');
      continue;
    }
    child.stdout?.resume();
    return {
      url: `redis://127.0.0.1:${port}`,
      port,
      pause: () => child.kill('SIGSTOP'),
      resume: () => child.kill('SIGCONT'),
      async stop() {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
        await exited;
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  rmSync(dir, { recursive: true, force: true });
  throw lastError;
}
