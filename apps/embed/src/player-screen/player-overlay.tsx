import type { ChannelInfoV2 } from '@onair/contracts';
import { formatViewerCount } from '../channel/use-viewer-count.ts';
import { categoryPageUrl, channelPageUrl, EXTERNAL_LINK } from '../lib/main-site-links.ts';

interface PlayerOverlayProps {
  channel: ChannelInfoV2;
  viewers: number;
  mainSiteUrl: string;
}

/**
 * SPEC §2 overlay: 'LIVE NOW', '{username} is streaming', the first category linking to its
 * page and 'Watch now with {count} viewers' linking to the channel page. API strings are
 * rendered as text; a link whose URL is not http(s) is shown as plain text instead. When it
 * shows is the player's business (data-overlay on the player, see player.css).
 */
export function PlayerOverlay({ channel, viewers, mainSiteUrl }: PlayerOverlayProps) {
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
