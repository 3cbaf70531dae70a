import {
  channelTopic,
  RealtimeEvent,
  streamEndedSchema,
  streamStartedSchema,
  streamUpdatedSchema,
} from '@onair/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { channelInfoQuery } from '../channel/queries.ts';
import { inStep } from './in-step.ts';
import { useRealtimeConnection } from './websocket-provider.tsx';

export const SUBSCRIBED_MARK = 'onair:realtime-subscribed';

/**
 * Live/offline in real time (SPEC §4 "Embed page"): the channel's realtime topic updates the
 * cached channel info — livestream null when the stream ends, the new livestream when one
 * starts — and the routes follow the cache (player ↔ offline page) without a reload. Events
 * published while the connection was down are lost: on every reconnect the channel info is
 * fetched again, so a stream that ended or started meanwhile is noticed all the same.
 *
 * News of the live stream (it ended; its title or categories changed) carries its moment on the
 * stream's clock and waits for the viewer's picture to get there (in-step.ts): the offline
 * screen comes after the last frame, a new category with the picture it belongs to.
 */
export function useChannelLiveUpdates(slug: string, channelId: number | undefined): void {
  const connection = useRealtimeConnection();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!connection || channelId === undefined) return;
    const { queryKey } = channelInfoQuery(slug);
    const topic = channelTopic(channelId);
    const { subscribe } = connection.store.getState();
    const offEnded = subscribe(topic, RealtimeEvent.StreamEnded, (data) => {
      const parsed = streamEndedSchema.safeParse(data);
      if (!parsed.success) return console.warn('Ignoring a malformed StreamEnded event');
      const ended = parsed.data.livestream_id;
      // Held until the picture gets there: a stream started again meanwhile (StreamStarted is
      // not held) is not the one that ended, and stays.
      inStep(channelId, parsed.data.at, () =>
        queryClient.setQueryData(queryKey, (info) =>
          info && (!info.livestream || info.livestream.id === ended) ? { ...info, livestream: null } : info,
        ),
      );
    });
    const offUpdated = subscribe(topic, RealtimeEvent.StreamUpdated, (data) => {
      const parsed = streamUpdatedSchema.safeParse(data);
      if (!parsed.success) return console.warn('Ignoring a malformed StreamUpdated event');
      const { livestream_id: id, session_title, categories, at } = parsed.data;
      inStep(channelId, at, () =>
        queryClient.setQueryData(queryKey, (info) =>
          info?.livestream?.id === id
            ? { ...info, livestream: { ...info.livestream, session_title, categories } }
            : info,
        ),
      );
    });
    const offStarted = subscribe(topic, RealtimeEvent.StreamStarted, (data) => {
      const parsed = streamStartedSchema.safeParse(data);
      if (!parsed.success) return console.warn('Ignoring a malformed StreamStarted event');
      const { livestream } = parsed.data;
      queryClient.setQueryData(queryKey, (info) =>
        info ? { ...info, livestream: { ...livestream, viewers: livestream.viewer_count } } : info,
      );
    });
    const offReconnect = connection.onReconnect(() => void queryClient.invalidateQueries({ queryKey }));
    // A mark, not a log: the realtime journeys (and performance tools) can see when the page
    // started listening.
    performance.mark(SUBSCRIBED_MARK);
    return () => {
      offEnded();
      offUpdated();
      offStarted();
      offReconnect();
    };
  }, [connection, channelId, slug, queryClient]);
}
