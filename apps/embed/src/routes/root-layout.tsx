import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet, useParams } from 'react-router';
import { channelInfoQuery } from '../channel/queries.ts';
import { LoadingScreen } from '../ui/spinner.tsx';
import { useChannelLiveUpdates } from '../realtime/use-channel-live-updates.ts';

/**
 * The channel's live/offline updates live here, above both pages, so moving between the
 * player and the offline page keeps one subscription: were each page to subscribe, the
 * topic would be unsubscribed and subscribed again at every move, and a stream starting in
 * that gap (a real journey saw it) would never be heard. It only reads the info the loaders
 * cached (never fetches: a malformed slug must not reach the API).
 */
function ChannelLiveUpdates() {
  const slug = useParams().slug ?? '';
  const { data: info } = useQuery({ ...channelInfoQuery(slug), enabled: false });
  useChannelLiveUpdates(slug, info?.id);
  return null;
}

/**
 * The root of both routes. Loaders fill the query cache before a page renders; should a page
 * still find its data missing (evicted while it was open) it suspends, and the visitor sees
 * the same spinner as on first load rather than an empty frame.
 */
export function RootLayout() {
  return (
    <>
      <ChannelLiveUpdates />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}
