import { describe, expect, it, vi } from 'vitest';
import { PUSHER_TIMEOUTS } from './constants.ts';
import { CHANNEL_NOT_FOUND_WARNING, NOT_INITIALIZED_WARNING, createRealtimeStore } from './realtime-store.ts';
import type { RealtimeConnectOptions } from './realtime-store.ts';
import { fakePusher } from './testing/fake-pusher.ts';
import { recordingLogger } from './testing/logger.ts';

const connectOptions: RealtimeConnectOptions = { key: 'app-key', authUrl: 'https://rt.test/realtime/auth' };

function setup() {
  const { Pusher, instances } = fakePusher();
  const logger = recordingLogger();
  const fetch = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
  const store = createRealtimeStore({ Pusher, fetch, logger });
  const client = () => {
    const instance = instances.at(-1);
    if (!instance) throw new Error('no client was created');
    return instance;
  };
  return { store, instances, logger, fetch, client };
}

describe('connect', () => {
  it('creates one client with the cluster default and the pinned pusher-js timeouts', () => {
    const { store, instances } = setup();
    store.getState().connect({ ...connectOptions, wsHost: '127.0.0.1', wsPort: 6001, forceTLS: false });

    expect(instances).toHaveLength(1);
    expect(instances[0]?.key).toBe('app-key');
    expect(instances[0]?.options).toEqual({
      cluster: 'us2',
      ...PUSHER_TIMEOUTS,
      wsHost: '127.0.0.1',
      wsPort: 6001,
      forceTLS: false,
    });
    expect(store.getState().client).toBe(instances[0]);
  });

  it('is skipped while connecting and while connected', () => {
    const { store, instances, client } = setup();
    store.getState().connect(connectOptions);
    store.getState().connect(connectOptions);
    client().connection.moveTo('connected');
    store.getState().connect(connectOptions);

    expect(instances).toHaveLength(1);
    expect(client().calls).not.toContain('connect');
  });

  it('asks a client that was disconnected to connect again, keeping it', () => {
    const { store, instances, client } = setup();
    store.getState().connect(connectOptions);
    client().connection.moveTo('disconnected');
    store.getState().connect(connectOptions);

    expect(instances).toHaveLength(1);
    expect(client().calls).toContain('connect');
  });

  it('sets the connected flag on connected and clears it on disconnected (and on a drop)', () => {
    const { store, client } = setup();
    store.getState().connect(connectOptions);
    expect(store.getState().connected).toBe(false);

    client().connection.moveTo('connected');
    expect(store.getState().connected).toBe(true);
    client().connection.moveTo('disconnected');
    expect(store.getState().connected).toBe(false);

    client().connection.moveTo('connected');
    client().connection.moveTo('unavailable');
    expect(store.getState().connected).toBe(false);
  });

  it('disconnect forgets the client and its handlers; the old client no longer moves the flag', () => {
    const { store, client } = setup();
    store.getState().connect(connectOptions);
    const old = client();
    store.getState().subscribe('channel.1', 'StreamEnded', () => {});
    store.getState().disconnect();

    expect(old.calls).toContain('disconnect');
    expect(store.getState()).toMatchObject({ client: null, connected: false });
    expect(store.getState().channels.size).toBe(0);
    old.connection.moveTo('connected');
    expect(store.getState().connected).toBe(false);
  });
});

describe('subscribe and unsubscribe', () => {
  it('warns that the instance is not initialized before connect, and records nothing', () => {
    const { store, logger } = setup();
    store.getState().subscribe('channel.1', 'StreamEnded', () => {});
    store.getState().unsubscribe('channel.1', 'StreamEnded', () => {});

    expect(logger.messages('warn')).toEqual([NOT_INITIALIZED_WARNING, NOT_INITIALIZED_WARNING]);
    expect(NOT_INITIALIZED_WARNING).toMatch(/instance is not initialized/);
    expect(store.getState().channels.size).toBe(0);
  });

  it('subscribes a channel for its first handler only and binds each event once', () => {
    const { store, client } = setup();
    store.getState().connect(connectOptions);
    const first = vi.fn();
    const second = vi.fn();
    const other = vi.fn();
    store.getState().subscribe('channel.1', 'StreamEnded', first);
    store.getState().subscribe('channel.1', 'StreamEnded', second);
    store.getState().subscribe('channel.1', 'StreamStarted', other);

    expect(client().calls).toEqual(['subscribe channel.1']);
    expect(client().channels.get('channel.1')?.listeners.count('StreamEnded')).toBe(1);
    expect(store.getState().channels.get('channel.1')?.get('StreamEnded')).toEqual([first, second]);

    client().channels.get('channel.1')?.deliver('StreamEnded', { channel_id: 1 });
    expect(first).toHaveBeenCalledWith({ channel_id: 1 });
    expect(second).toHaveBeenCalledWith({ channel_id: 1 });
    expect(other).not.toHaveBeenCalled();
  });

  it('keeps delivering to the other handlers when one throws, and logs it', () => {
    const { store, client, logger } = setup();
    store.getState().connect(connectOptions);
    const after = vi.fn();
    store.getState().subscribe('channel.1', 'StreamEnded', () => {
      throw new Error('boom');
    });
    store.getState().subscribe('channel.1', 'StreamEnded', after);
    client().channels.get('channel.1')?.deliver('StreamEnded', {});

    expect(after).toHaveBeenCalledOnce();
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it('unsubscribes the channel only when its last handler goes', () => {
    const { store, client } = setup();
    store.getState().connect(connectOptions);
    const a = vi.fn();
    const b = vi.fn();
    store.getState().subscribe('channel.1', 'StreamEnded', a);
    const disposeB = store.getState().subscribe('channel.1', 'StreamStarted', b);

    store.getState().unsubscribe('channel.1', 'StreamEnded', a);
    expect(client().calls).toEqual(['subscribe channel.1']);
    expect(client().channels.get('channel.1')?.listeners.count('StreamEnded')).toBe(0);

    disposeB();
    expect(client().calls).toEqual(['subscribe channel.1', 'unsubscribe channel.1']);
    expect(store.getState().channels.has('channel.1')).toBe(false);
  });

  it("warns 'Channel not found' for a channel without handlers", () => {
    const { store, logger } = setup();
    store.getState().connect(connectOptions);
    store.getState().unsubscribe('channel.9', 'StreamEnded', () => {});
    store.getState().clear('channel.9', 'StreamEnded');
    store.getState().clearAll('channel.9');

    expect(logger.messages('warn')).toEqual([
      CHANNEL_NOT_FOUND_WARNING,
      CHANNEL_NOT_FOUND_WARNING,
      CHANNEL_NOT_FOUND_WARNING,
    ]);
    expect(CHANNEL_NOT_FOUND_WARNING).toBe('Channel not found');
  });

  it('subscribes the channel again after it was emptied', () => {
    const { store, client } = setup();
    store.getState().connect(connectOptions);
    const handler = vi.fn();
    store.getState().subscribe('channel.1', 'StreamEnded', handler)();
    store.getState().subscribe('channel.1', 'StreamEnded', handler);
    client().channels.get('channel.1')?.deliver('StreamEnded', 1);

    expect(client().calls).toEqual(['subscribe channel.1', 'unsubscribe channel.1', 'subscribe channel.1']);
    expect(handler).toHaveBeenCalledOnce();
  });
});

describe('clear and clearAll', () => {
  it('clear removes the handlers of one event and keeps the channel while others remain', () => {
    const { store, client } = setup();
    store.getState().connect(connectOptions);
    const ended = vi.fn();
    const started = vi.fn();
    store.getState().subscribe('channel.1', 'StreamEnded', ended);
    store.getState().subscribe('channel.1', 'StreamEnded', vi.fn());
    store.getState().subscribe('channel.1', 'StreamStarted', started);

    store.getState().clear('channel.1', 'StreamEnded');
    client().channels.get('channel.1')?.deliver('StreamEnded', {});
    client().channels.get('channel.1')?.deliver('StreamStarted', {});

    expect(ended).not.toHaveBeenCalled();
    expect(started).toHaveBeenCalledOnce();
    expect([...(store.getState().channels.get('channel.1')?.keys() ?? [])]).toEqual(['StreamStarted']);
    expect(client().calls).toEqual(['subscribe channel.1']);

    store.getState().clear('channel.1', 'StreamStarted');
    expect(client().calls).toEqual(['subscribe channel.1', 'unsubscribe channel.1']);
  });

  it('clearAll removes every handler of a channel and unsubscribes it', () => {
    const { store, client } = setup();
    store.getState().connect(connectOptions);
    store.getState().subscribe('channel.1', 'StreamEnded', vi.fn());
    store.getState().subscribe('channel.1', 'StreamStarted', vi.fn());
    store.getState().subscribe('channel.2', 'StreamStarted', vi.fn());

    store.getState().clearAll('channel.1');

    expect([...store.getState().channels.keys()]).toEqual(['channel.2']);
    expect(client().calls).toContain('unsubscribe channel.1');
    expect(client().calls).not.toContain('unsubscribe channel.2');
  });
});

describe('wiring to pusher-js', () => {
  it('authorises private-lstm_ channels with the store requestId and leaves the rest to the library', async () => {
    const { store, client, fetch } = setup();
    fetch.mockResolvedValue(Response.json({ auth: 'key:signature' }));
    store.getState().connect(connectOptions);
    store.getState().setRequestId('req-1');

    const lstm = await new Promise((resolve) =>
      client().config.channelAuthorizer({ socketId: '1.2', channelName: 'private-lstm_7' }, (_e, data) =>
        resolve(data),
      ),
    );
    const other = await new Promise((resolve) =>
      client().config.channelAuthorizer({ socketId: '1.2', channelName: 'private-other' }, (_e, data) => resolve(data)),
    );

    expect(lstm).toEqual({ auth: 'key:signature' });
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      socketId: '1.2',
      channelName: 'private-lstm_7',
      requestId: 'req-1',
    });
    expect(other).toEqual({ auth: 'library-auth' });
    expect(client().libraryAuthorized).toEqual(['private-other']);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('asks again for a livestream channel once the request id arrives, and only then', () => {
    const { store, client } = setup();
    store.getState().connect(connectOptions);
    store.getState().subscribe('private-lstm_7', 'ViewerCountUpdated', () => {});
    store.getState().subscribe('channel.101', 'StreamEnded', () => {});
    expect(client().calls).toEqual(['subscribe private-lstm_7', 'subscribe channel.101']);

    store.getState().setRequestId('req-1');
    expect(client().calls.slice(2)).toEqual(['subscribe private-lstm_7']);
    store.getState().setRequestId('req-1'); // the same id: nothing to ask again
    store.getState().setRequestId(null);
    expect(client().calls.slice(3)).toEqual([]);
  });

  it('logs critical realtime errors as errors and the rest as warnings', () => {
    const { store, client, logger } = setup();
    store.getState().connect(connectOptions);
    client().connection.listeners.emit('error', { type: 'PusherError', data: { code: 4001, message: 'no app' } });
    client().connection.listeners.emit('error', { type: 'PusherError', data: { code: 4200, message: 'later' } });
    client().connection.listeners.emit('error', { type: 'WebSocketError', error: {} });

    expect(logger.error).toHaveBeenCalledOnce();
    expect(logger.messages('warn')).toHaveLength(2);
    expect(logger.messages('warn')[1]).toMatch(/unexpected structure/);
  });
});
