import type { PlayerError } from '@onair/player';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { channelInfoQuery } from '../channel/queries.ts';

/**
 * The player's error as the live screen shows it. A live stream gone (NotAvailable: its playlist
 * answers 404) is most often a stream that ended a moment before the realtime news of it came,
 * or one whose news never will. The channel's info is asked for again, and until it answers the
 * error is held, so that an ended stream is told as the offline screen, never as an error screen
 * first (nor, host-api/player-events.ts heardError, as an error to the host page):
 * - offline: the routes move to the offline screen, and this one goes with its error unshown;
 * - still live, or no answer: the error stands, with its Retry.
 * Every other error, and any error of a past video (`live` false), is shown at once.
 */
export function useShownError(error: PlayerError | null, slug: string, live: boolean): PlayerError | null {
  const queryClient = useQueryClient();
  const gone = live && error?.type === 'NotAvailable' ? error : null;
  const [confirmed, setConfirmed] = useState<PlayerError | null>(null);
  useEffect(() => {
    if (!gone) return;
    let active = true;
    const { queryKey } = channelInfoQuery(slug);
    void queryClient.invalidateQueries({ queryKey }).finally(() => {
      if (!active) return;
      // Read from the cache, not left to the route: its observers hear of the answer a task
      // later, and an error shown in between would be told to the host page.
      // A failed ask keeps the last answer (live): the error stands.
      if (queryClient.getQueryData(queryKey)?.livestream) setConfirmed(gone);
    });
    return () => {
      active = false;
    };
  }, [gone, queryClient, slug]);
  if (!error) return null;
  return gone && confirmed !== gone ? null : error;
}
