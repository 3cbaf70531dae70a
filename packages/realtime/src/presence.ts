import { livestreamTopic } from '@onair/contracts';
import type { ViewerClientMessage } from '@onair/contracts';
import { PRESENCE_INTERVAL_MS } from './constants.ts';
import { globalTimers } from './environment.ts';
import type { Timers } from './environment.ts';
import type { ViewerSocket } from './viewer-socket.ts';

/** What presence needs of the viewer socket (DESIGN style 5: a narrow interface, not the socket). */
export type PresenceSocket = Pick<ViewerSocket, 'send' | 'getState' | 'subscribe'>;

export interface PresenceOptions {
  socket: PresenceSocket;
  channelId: number | string;
  intervalMs?: number;
  timers?: Timers;
}

export interface Presence {
  readonly watching: boolean;
  /** Leaving (route change, pagehide): one `channel_disconnect`; later calls do nothing. */
  stop(): void;
}

/**
 * SPEC §4 "Channel realtime presence": while watching, `channel_handshake` goes out at once and
 * every 15 s, and again whenever the socket (re)opens, so a reconnected socket is announced
 * without waiting for the next tick. Handshakes due while the socket is down are skipped, not
 * queued. The interval keeps its own rhythm across reconnections.
 */
export function createPresence(options: PresenceOptions): Presence {
  const { socket } = options;
  const timers = options.timers ?? globalTimers;
  const ref = { message: { channelId: options.channelId } };
  const handshake: ViewerClientMessage = { type: 'channel_handshake', data: ref };
  let watching = true;

  const announce = () => socket.send(handshake);
  let wasOpen = socket.getState().status === 'open';
  const unsubscribe = socket.subscribe((state) => {
    const open = state.status === 'open';
    if (open && !wasOpen) announce();
    wasOpen = open;
  });
  const interval = timers.setInterval(announce, options.intervalMs ?? PRESENCE_INTERVAL_MS);
  announce();

  return {
    get watching() {
      return watching;
    },
    stop() {
      if (!watching) return;
      watching = false;
      timers.clearInterval(interval);
      unsubscribe();
      socket.send({ type: 'channel_disconnect', data: ref });
    },
  };
}

/** SPEC §4: the private livestream channel is subscribed only with a realtime client and a live stream. */
export function shouldSubscribeToLivestream(input: {
  client: object | null | undefined;
  livestream: { is_live: boolean } | null | undefined;
}): boolean {
  return input.client != null && input.livestream?.is_live === true;
}

/** The channel to subscribe, or null when `shouldSubscribeToLivestream` says no. */
export function livestreamChannelToSubscribe(input: {
  client: object | null | undefined;
  livestream: { is_live: boolean; id: number } | null | undefined;
}): string | null {
  return shouldSubscribeToLivestream(input) && input.livestream ? livestreamTopic(input.livestream.id) : null;
}
