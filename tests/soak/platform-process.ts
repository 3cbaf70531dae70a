/**
 * The platform as the soak runs it: its own process (so its heap is its own, measured apart
 * from the clients attacking it), started with --expose-gc. It tells its parent the port it
 * listens on, and answers `heap` with its heap after a full collection, `peak` with the
 * largest heap seen by its own sampling since the last `peak`, and `connections` with the
 * sockets it holds open (websockets included).
 */
import { createPlatform } from '../../apps/platform/src/create-platform.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || !process.send) {
  console.error('platform-process.ts runs as a child of soak.ts, with --expose-gc');
  process.exit(1);
}

const { app } = await createPlatform({
  admin: { token: process.env.ADMIN_TOKEN ?? '' },
  redisUrl: process.env.REDIS_URL ?? '',
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 100);
sample.unref();

process.on('message', (message: { id: number; ask: 'heap' | 'peak' | 'connections' }) => {
  const answer = (value: number) => process.send!({ id: message.id, value });
  if (message.ask === 'heap') {
    gc();
    answer(process.memoryUsage().heapUsed);
  } else if (message.ask === 'peak') {
    answer(peak);
    peak = 0;
  } else {
    app.server.getConnections((_error, connections) => answer(connections));
  }
});
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.send({ port });
