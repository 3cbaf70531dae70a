import type { ViewerClientMessage } from '@onair/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPresence, livestreamChannelToSubscribe, shouldSubscribeToLivestream } from './presence.ts';
import type { PresenceSocket } from './presence.ts';
import type { ViewerSocketState } from './viewer-socket.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A viewer socket reduced to what presence uses; `sent` holds what went out while open. */
function fakeSocket(initial: ViewerSocketState['status'] = 'open') {
  const listeners = new Set<(state: ViewerSocketState) => void>();
  let state: ViewerSocketState =
    initial === 'open' ? { status: 'open' } : { status: 'closed', reason: 'connection-lost', willReconnect: true };
  const sent: ViewerClientMessage[] = [];
  const socket: PresenceSocket = {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send: (message) => {
      if (state.status !== 'open') return false;
      sent.push(message);
      return true;
    },
  };
  const moveTo = (next: ViewerSocketState) => {
    state = next;
    for (const listener of listeners) listener(next);
  };
  return { socket, sent, moveTo, listeners };
}

const handshake = { type: 'channel_handshake', data: { message: { channelId: 7 } } };
const disconnect = { type: 'channel_disconnect', data: { message: { channelId: 7 } } };

describe('createPresence', () => {
  it('sends channel_handshake at once and then every 15 s', async () => {
    const { socket, sent } = fakeSocket();
    const presence = createPresence({ socket, channelId: 7 });
    expect(sent).toEqual([handshake]);

    await vi.advanceTimersByTimeAsync(14_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toEqual([handshake, handshake, handshake, handshake]);
    presence.stop();
  });

  it('sends channel_disconnect exactly once on stop, and nothing after', async () => {
    const { socket, sent, listeners } = fakeSocket();
    const presence = createPresence({ socket, channelId: 7 });
    presence.stop();
    presence.stop();
    await vi.advanceTimersByTimeAsync(60_000);

    expect(sent).toEqual([handshake, disconnect]);
    expect(presence.watching).toBe(false);
    expect(listeners.size).toBe(0);
  });

  it('skips handshakes while the socket is down and announces itself when it (re)opens', async () => {
    const { socket, sent, moveTo } = fakeSocket('closed');
    const presence = createPresence({ socket, channelId: 7 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toEqual([]);

    moveTo({ status: 'open' });
    expect(sent).toEqual([handshake]);
    moveTo({ status: 'closed', reason: 'connection-lost', willReconnect: true });
    moveTo({ status: 'fetching-token', attempt: 1 });
    moveTo({ status: 'connecting', attempt: 1 });
    moveTo({ status: 'open' });
    expect(sent).toEqual([handshake, handshake]);
    presence.stop();
  });

  it('honours another interval', async () => {
    const { socket, sent } = fakeSocket();
    const presence = createPresence({ socket, channelId: 'abc', intervalMs: 1_000 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(sent).toHaveLength(4);
    presence.stop();
  });
});

describe('shouldSubscribeToLivestream', () => {
  const client = {};
  it.each([
    [client, { is_live: true, id: 5 }, true],
    [client, { is_live: false, id: 5 }, false],
    [client, null, false],
    [null, { is_live: true, id: 5 }, false],
    [undefined, undefined, false],
  ])('client %o, livestream %o → %s', (c, livestream, expected) => {
    expect(shouldSubscribeToLivestream({ client: c, livestream })).toBe(expected);
    expect(livestreamChannelToSubscribe({ client: c, livestream })).toBe(expected ? 'private-lstm_5' : null);
  });
});
