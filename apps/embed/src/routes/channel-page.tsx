import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useHostApiLive } from '../host-api/use-host-api.ts';
import { useLocation, useNavigate, useParams } from 'react-router';
import { channelInfoQuery, playbackUrlQuery } from '../channel/queries.ts';
import { LivePlayer } from '../player-screen/live-player.tsx';
import { InTransition } from '../ui/in-transition.tsx';
import { parseEmbedParams } from '../lib/embed-params.ts';
import { useLivestreamChannel } from '../realtime/use-livestream-channel.ts';
import { offlinePath } from './channel-loader.ts';

/**
 * The live channel. Data comes from the query cache the loader filled, so a later cache
 * update (the stream ended) re-renders this page and sends it to the offline route.
 */
export function ChannelPage() {
  const slug = useParams().slug ?? '';
  const { search } = useLocation();
  const navigate = useNavigate();
  const { data: info } = useSuspenseQuery(channelInfoQuery(slug));
  const { data: playbackUrl } = useSuspenseQuery(playbackUrlQuery(slug));
  const live = Boolean(info?.livestream);
  useLivestreamChannel(info?.id ?? 0, info?.livestream ?? null);
  useHostApiLive(live);

  useEffect(() => {
    if (!live) void navigate(offlinePath(slug, search), { replace: true });
  }, [live, navigate, slug, search]);

  if (!info?.livestream || !playbackUrl) return null;
  return (
    <InTransition>
      <LivePlayer url={playbackUrl} channel={info} params={parseEmbedParams(search)} />
    </InTransition>
  );
}
