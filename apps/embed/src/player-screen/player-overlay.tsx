import type { ChannelInfoV2 } from '@onair/contracts';
import { formatViewerCount, useViewerCount } from '../channel/use-viewer-count.ts';
import { categoryPageUrl, channelPageUrl, EXTERNAL_LINK } from '../lib/main-site-links.ts';

interface PlayerOverlayProps {
  channel: ChannelInfoV2;
  mainSiteUrl: string;
  /** A past video plays, not the live stream: its overlay instead (VideoOverlay). */
  video: PastVideoInfo | null;
}

/** What the overlay says of a past video. */
export interface PastVideoInfo {
  title: string | null;
}

/** The live overlay (SPEC §2), or a past video's. */
export function PlayerOverlay({ channel, mainSiteUrl, video }: PlayerOverlayProps) {
  return video ? (
    <VideoOverlay channel={channel} video={video} mainSiteUrl={mainSiteUrl} />
  ) : (
    <LiveOverlay channel={channel} mainSiteUrl={mainSiteUrl} />
  );
}

/**
 * A past video (beyond the spec): "{username}'s latest stream" linking to the channel page, and
 * the video's title, as text. No badge and no viewer count: it is not live.
 */
function VideoOverlay({
  channel,
  video,
  mainSiteUrl,
}: {
  channel: ChannelInfoV2;
  video: PastVideoInfo;
  mainSiteUrl: string;
}) {
  const channelUrl = channelPageUrl(mainSiteUrl, channel.slug);
  const heading = `${channel.user.username}'s latest stream`;
  return (
    <div className="player__overlay" data-testid="overlay">
      <h1 className="player__title">
        {channelUrl ? (
          <a className="player__link" href={channelUrl} {...EXTERNAL_LINK}>
            {heading}
          </a>
        ) : (
          heading
        )}
      </h1>
      {video.title && <span className="player__category">{video.title}</span>}
    </div>
  );
}

/**
 * SPEC §2 overlay: 'LIVE NOW', '{username} is streaming', the first category linking to its
 * page and 'Watch now with {count} viewers' linking to the channel page. API strings are
 * rendered as text; a link whose URL is not http(s) is shown as plain text instead. When it
 * shows is the player's business (data-overlay on the player, see player.css).
 */
function LiveOverlay({ channel, mainSiteUrl }: { channel: ChannelInfoV2; mainSiteUrl: string }) {
  const viewers = useViewerCount(channel.id, channel.livestream?.viewer_count ?? 0);
  const category = channel.livestream?.categories[0];
  const categoryUrl = category ? categoryPageUrl(mainSiteUrl, category.slug) : null;
  const channelUrl = channelPageUrl(mainSiteUrl, channel.slug);
  const watch = `Watch now with ${formatViewerCount(viewers)} viewers`;

  return (
    <div className="player__overlay" data-testid="overlay">
      <span className="badge badge--live">LIVE NOW</span>
      <h1 className="player__title">{`${channel.user.username} is streaming`}</h1>
      {category &&
        (categoryUrl ? (
          <a className="player__link player__category" href={categoryUrl} {...EXTERNAL_LINK}>
            {category.name}
          </a>
        ) : (
          <span className="player__category">{category.name}</span>
        ))}
      {channelUrl ? (
        <a className="player__link player__viewers" data-testid="viewer-count" href={channelUrl} {...EXTERNAL_LINK}>
          {watch}
        </a>
      ) : (
        <span className="player__viewers" data-testid="viewer-count">
          {watch}
        </span>
      )}
    </div>
  );
}
