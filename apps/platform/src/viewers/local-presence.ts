import type { PresenceStore } from './presence-store.ts';

/**
 * This node's sockets per (channel, viewer). A viewer with several tabs on one node is one
 * member of the store; it leaves the store only when its last socket on that channel does,
 * so closing one tab never hides a viewer still watching in another.
 */
export class LocalPresence {
  readonly #store: PresenceStore;
  readonly #sockets = new Map<string, Set<object>>();

  constructor(store: PresenceStore) {
    this.#store = store;
  }

  /** `socket` watches the channel as `viewerId`; also refreshes the viewer's presence. */
  async join(socket: object, channelId: number, viewerId: string): Promise<void> {
    const key = `${channelId}\n${viewerId}`;
    let sockets = this.#sockets.get(key);
    if (!sockets) this.#sockets.set(key, (sockets = new Set()));
    sockets.add(socket);
    await this.#store.touch(channelId, viewerId);
  }

  async refresh(channelId: number, viewerId: string): Promise<void> {
    await this.#store.touch(channelId, viewerId);
  }

  async leave(socket: object, channelId: number, viewerId: string): Promise<void> {
    const key = `${channelId}\n${viewerId}`;
    const sockets = this.#sockets.get(key);
    if (!sockets?.delete(socket)) return;
    if (sockets.size > 0) return;
    this.#sockets.delete(key);
    await this.#store.remove(channelId, viewerId);
  }
}
