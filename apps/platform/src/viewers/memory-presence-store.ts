import type { PresenceStore, PresenceTimings } from './presence-store.ts';

/**
 * Presence in this process's memory: channel → viewer → last seen (ms). Expired viewers are
 * dropped when their channel is counted and by a sweep every `viewerTtlMs`, so channels nobody
 * asks about do not grow without bound.
 */
export class MemoryPresenceStore implements PresenceStore {
  readonly #channels = new Map<number, Map<string, number>>();
  readonly #timings: PresenceTimings;
  readonly #sweep: NodeJS.Timeout;

  constructor(timings: PresenceTimings) {
    this.#timings = timings;
    this.#sweep = setInterval(() => {
      for (const channelId of this.#channels.keys()) this.#prune(channelId);
    }, timings.viewerTtlMs);
    this.#sweep.unref();
  }

  async touch(channelId: number, viewerId: string): Promise<void> {
    let viewers = this.#channels.get(channelId);
    if (!viewers) this.#channels.set(channelId, (viewers = new Map()));
    viewers.set(viewerId, this.#timings.now());
  }

  async remove(channelId: number, viewerId: string): Promise<void> {
    const viewers = this.#channels.get(channelId);
    viewers?.delete(viewerId);
    if (viewers?.size === 0) this.#channels.delete(channelId);
  }

  async count(channelIds: readonly number[]): Promise<Map<number, number>> {
    return new Map(channelIds.map((id) => [id, this.#prune(id)]));
  }

  async close(): Promise<void> {
    clearInterval(this.#sweep);
    this.#channels.clear();
  }

  /** Drops the channel's expired viewers; returns how many remain. */
  #prune(channelId: number): number {
    const viewers = this.#channels.get(channelId);
    if (!viewers) return 0;
    const cutoff = this.#timings.now() - this.#timings.viewerTtlMs;
    for (const [viewerId, seen] of viewers) if (seen <= cutoff) viewers.delete(viewerId);
    if (viewers.size === 0) this.#channels.delete(channelId);
    return viewers.size;
  }
}
