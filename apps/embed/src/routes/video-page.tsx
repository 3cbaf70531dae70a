import { useSuspenseQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { channelInfoQuery, channelVideosQuery } from '../channel/queries.ts';
import { parseEmbedParams } from '../lib/embed-params.ts';
import { LivePlayer } from '../player-screen/live-player.tsx';
import { playableVideo } from './channel-loader.ts';

/**
 * A channel's past video (beyond the spec: the offline screen's "latest stream" plays here).
 * The same player screen as a live channel's, with the video's overlay and a seek bar (the
 * player's state says it is on demand); no presence and no viewer count: nobody is live.
 */
export function VideoPage() {
  const { slug = '', videoId } = useParams();
  const { search } = useLocation();
  const { data: info } = useSuspenseQuery(channelInfoQuery(slug));
  const { data: videos } = useSuspenseQuery(channelVideosQuery(slug));
  const video = playableVideo(videos, videoId);
  if (!info || !video) return null;
  return (
    <LivePlayer
      url={video.source}
      channel={info}
      params={parseEmbedParams(search)}
      video={{ title: video.title ?? null }}
    />
  );
}
