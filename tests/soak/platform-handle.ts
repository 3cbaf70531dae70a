/**
 * The soak's side of platform-process.ts: start it (and start it again on the same port: a
 * realtime restart), ask it for its heap and connections, and drive its testing hooks.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./platform-process.ts', import.meta.url));

export interface PlatformHandle {
  base: string;
  port: number;
  /** Heap after a full collection (bytes). */
  heap(): Promise<number>;
  /** The largest heap since the last call (bytes). */
  peak(): Promise<number>;
  /** Sockets it holds open, websockets included. */
  connections(): Promise<number>;
  admin(path: string, body?: object): Promise<Response>;
  /** Stops the process and starts another on the same port (realtime and origin restart). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPlatform(env: { REDIS_URL: string; ADMIN_TOKEN: string }): Promise<PlatformHandle> {
  let child: ChildProcess;
  let port = 0;
  let nextId = 1;
  const pending = new Map<number, (value: number) => void>();

  const spawnChild = () =>
    new Promise<number>((resolve, reject) => {
      child = fork(ENTRY, [], {
        execArgv: ['--expose-gc', '--import', 'tsx'],
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child.once('exit', (code) => reject(new Error(`the platform exited (${code}) before it listened`)));
      child.on('message', (message: { port?: number; id?: number; value?: number }) => {
        if (message.port !== undefined) resolve(message.port);
        else pending.get(message.id!)?.(message.value!);
      });
    });

  const ask = (what: 'heap' | 'peak' | 'connections') =>
    new Promise<number>((resolve) => {
      const id = nextId++;
      pending.set(id, (value) => (pending.delete(id), resolve(value)));
      child.send({ id, ask: what });
    });

  const stop = async () => {
    // The start's "exited before it listened" listener goes first; then this one.
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    // A close that waits on a client longer than this is the client's problem, not the soak's.
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(kill);
  };

  port = await spawnChild();
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    port,
    heap: () => ask('heap'),
    peak: () => ask('peak'),
    connections: () => ask('connections'),
    admin: (path, body = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${env.ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    async restart() {
      await stop();
      await spawnChild();
    },
    stop,
  };
}
