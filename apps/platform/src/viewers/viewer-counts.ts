import type { ChannelRecord } from '../channels/channel-store.ts';
import type { PresenceStore } from './presence-store.ts';

/** The channel table as the viewer service needs it: the seed store's `all()`. */
export interface ChannelDirectory {
  all(): readonly ChannelRecord[];
}

export function channelById(channels: ChannelDirectory, id: number): ChannelRecord | undefined {
  return channels.all().find((channel) => channel.id === id);
}

export function channelByLivestreamId(channels: ChannelDirectory, id: number): ChannelRecord | undefined {
  return channels.all().find((channel) => channel.live?.id === id);
}

/**
 * The counting rule, one place for `/current-viewers` and the livestream viewers call:
 *
 *   viewers = (live ? the seed's viewer_count : 0) + distinct viewer ids present on the channel
 *
 * The seed's number stands for the audience the stand-in cannot host (other apps, other
 * regions); the presence part is who is watching through this platform right now, so a tester
 * sees their own tab arrive and leave. An offline channel has no seeded audience, but a tab
 * that still handshakes with it is counted until it stops.
 */
export async function countViewers(
  store: PresenceStore,
  channels: readonly ChannelRecord[],
): Promise<Map<number, number>> {
  const present = await store.count(channels.map((channel) => channel.id));
  return new Map(
    channels.map((channel) => [channel.id, (channel.live?.viewer_count ?? 0) + (present.get(channel.id) ?? 0)]),
  );
}
