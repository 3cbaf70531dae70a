import { describe, expect, it, vi } from 'vitest';
import { createRealtimeStore } from './realtime-store.ts';
import { watchReconnects } from './reconnects.ts';
import { fakePusher } from './testing/fake-pusher.ts';
import { recordingLogger } from './testing/logger.ts';

function connectedStore() {
  const { Pusher, instances } = fakePusher();
  const store = createRealtimeStore({ Pusher, fetch: vi.fn(), logger: recordingLogger() });
  store.getState().connect({ key: 'app-key', authUrl: 'https://rt.test/realtime/auth' });
  return { store, connection: () => instances.at(-1)!.connection };
}

describe('watchReconnects', () => {
  it('calls back when the connection is back after a drop, not for the first connection', () => {
    const { store, connection } = connectedStore();
    const reconnected = vi.fn();
    watchReconnects(store, reconnected);
    connection().moveTo('connected');
    expect(reconnected).not.toHaveBeenCalled();

    // pusher-js goes connected → connecting on a drop, then unavailable while it retries.
    connection().moveTo('connecting');
    connection().moveTo('unavailable');
    connection().moveTo('connecting');
    expect(reconnected).not.toHaveBeenCalled();
    connection().moveTo('connected');
    expect(reconnected).toHaveBeenCalledOnce();

    connection().moveTo('connecting');
    connection().moveTo('connected');
    expect(reconnected).toHaveBeenCalledTimes(2);
  });

  it('calls back no more once stopped', () => {
    const { store, connection } = connectedStore();
    connection().moveTo('connected');
    const reconnected = vi.fn();
    const stop = watchReconnects(store, reconnected);
    connection().moveTo('connecting');
    stop();
    connection().moveTo('connected');
    expect(reconnected).not.toHaveBeenCalled();
  });
});
