import type { Livestream } from '@onair/contracts';
import { RealtimeEvent, viewerCountUpdatedSchema } from '@onair/contracts';
import { livestreamChannelToSubscribe } from '@onair/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useRealtimeConnection } from './websocket-provider.tsx';

const NO_SUBSCRIBE = () => () => {};
const NO_CLIENT = () => null;

/**
 * SPEC §4: the player subscribes to the private livestream channel when the realtime
 * connection exists and the stream is live (authorised with the device request id). Viewer
 * counts it announces replace the polled ones until the next poll.
 */
export function useLivestreamChannel(channelId: number, livestream: Livestream | null): void {
  const connection = useRealtimeConnection();
  const queryClient = useQueryClient();
  const store = connection?.store;
  const client = useSyncExternalStore(
    store ? store.subscribe : NO_SUBSCRIBE,
    store ? () => store.getState().client : NO_CLIENT,
  );

  useEffect(() => {
    const topic = livestreamChannelToSubscribe({ client, livestream });
    if (!store || !topic) return;
    return store.getState().subscribe(topic, RealtimeEvent.ViewerCountUpdated, (data) => {
      const parsed = viewerCountUpdatedSchema.safeParse(data);
      if (!parsed.success) return console.warn('Ignoring a malformed ViewerCountUpdated event');
      queryClient.setQueryData(
        ['current-viewers', channelId],
        [{ channel_id: channelId, viewers: parsed.data.viewers }],
      );
    });
  }, [store, client, livestream, channelId, queryClient]);
}
