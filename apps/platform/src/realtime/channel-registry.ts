/**
 * Which sockets listen to which channel, and fan-out of events to them. In memory, per
 * process: several platform processes would need the hosted service or a shared bus instead
 * (DESIGN "State").
 */

import { appEvent, type ServerMessage } from './protocol-messages.ts';

/** What the registry needs of a socket: its id (for `socket_id` exclusion) and a way to send. */
export interface Subscriber {
  readonly socketId: string;
  send(message: ServerMessage): void;
}

/** Channel names as the protocol allows them (`#server-to-user-*` and the like are not for clients). */
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;
export const SOCKET_ID = /^\d+\.\d+$/;

export type ChannelKind = 'public' | 'private' | 'presence';

export function isValidChannelName(name: string): boolean {
  return CHANNEL_NAME.test(name);
}

export function channelKind(name: string): ChannelKind {
  // `private-encrypted-*` is private as far as the server goes: it relays what it cannot read.
  if (name.startsWith('private-')) return 'private';
  if (name.startsWith('presence-')) return 'presence';
  return 'public';
}

export class ChannelRegistry {
  readonly #channels = new Map<string, Set<Subscriber>>();

  /** Returns false when the subscriber was already on the channel. */
  subscribe(channel: string, subscriber: Subscriber): boolean {
    let members = this.#channels.get(channel);
    if (!members) {
      members = new Set();
      this.#channels.set(channel, members);
    }
    if (members.has(subscriber)) return false;
    members.add(subscriber);
    return true;
  }

  unsubscribe(channel: string, subscriber: Subscriber): void {
    const members = this.#channels.get(channel);
    if (!members) return;
    members.delete(subscriber);
    // Empty channels are dropped so a long-running server does not keep every name ever used.
    if (members.size === 0) this.#channels.delete(channel);
  }

  unsubscribeAll(subscriber: Subscriber, channels: Iterable<string>): void {
    for (const channel of channels) this.unsubscribe(channel, subscriber);
  }

  subscriptionCount(channel: string): number {
    return this.#channels.get(channel)?.size ?? 0;
  }

  /**
   * Sends one event to every subscriber of `channel` but the socket `exceptSocketId` (the
   * protocol's `socket_id` parameter: the publisher's own client already knows). Returns how
   * many sockets it went to.
   */
  /** How many sockets are subscribed to `channel`. */
  subscriberCount(channel: string): number {
    return this.#channels.get(channel)?.size ?? 0;
  }

  publish(channel: string, name: string, data: string, exceptSocketId?: string): number {
    const members = this.#channels.get(channel);
    if (!members) return 0;
    const message = appEvent(channel, name, data);
    let sent = 0;
    // A copy: a send that fails may close its socket, which unsubscribes it mid-loop.
    for (const subscriber of [...members]) {
      if (subscriber.socketId === exceptSocketId) continue;
      subscriber.send(message);
      sent += 1;
    }
    return sent;
  }
}
