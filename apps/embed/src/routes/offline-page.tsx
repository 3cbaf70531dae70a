import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import defaultBanner from '../assets/default-banner.svg';
import { channelInfoQuery, channelVideosQuery } from '../channel/queries.ts';
import { safeHttpUrl } from '../lib/safe-url.ts';

/**
 * A first offline screen (the full design lands with the screens issue): banner as background
 * (a default one when none is set), the 'Offline' badge, '{username} is offline' and, when
 * the channel has a past video, its thumbnail. API strings are rendered as text only.
 */
export function OfflinePage() {
  const slug = useParams().slug ?? '';
  const { data: info } = useSuspenseQuery(channelInfoQuery(slug));
  const videos = useQuery(channelVideosQuery(slug));
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
