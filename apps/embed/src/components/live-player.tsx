import type { ChannelInfoV2 } from '@onair/contracts';
import { PlayerState, type AnalyticsEvent } from '@onair/player';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatViewerCount, useViewerCount } from '../channel/use-viewer-count.ts';
import { usePublicConfig } from '../config-context.tsx';
import { consentStore, sendAnalytics } from '../consent.ts';
import type { EmbedParams } from '../lib/embed-params.ts';
import { FullscreenIcon, MutedIcon, PauseIcon, PlayIcon, VolumeIcon } from './icons.tsx';
import { usePlayer, usePlayerSnapshot } from './use-player.ts';

interface LivePlayerProps {
  url: string;
  channel: ChannelInfoV2;
  params: EmbedParams;
}

/**
 * The live player screen, first cut: video, a small overlay (LIVE NOW + who is streaming)
 * shown while not playing or on hover, and play/pause, mute and fullscreen controls.
 * The complete overlay and controls land with the screens issue.
 */
export function LivePlayer({ url, channel, params }: LivePlayerProps) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const player = usePlayer(video, { url, muted: params.muted, autoplay: params.autoplay });
  const snapshot = usePlayerSnapshot(player);
  const viewers = useViewerCount(channel.id, channel.livestream?.viewer_count ?? 0);
  const config = usePublicConfig();

  useEffect(() => {
    if (!player) return;
    const forward = (event: AnalyticsEvent) => sendAnalytics(consentStore(config), event);
    player.on('analytics', forward);
    return () => player.off('analytics', forward);
  }, [player, config]);

  const playing = snapshot?.state === PlayerState.Playing;
  const paused = snapshot?.paused ?? true;
  const muted = snapshot?.muted ?? params.muted;

  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else
      void container.current?.requestFullscreen().catch((error: unknown) => console.warn('Fullscreen refused', error));
  }, []);

  return (
    <div
      ref={container}
      className="player"
      data-testid="player"
      data-player-state={snapshot?.state ?? 'Idle'}
      data-overlay={playing ? 'hover' : 'visible'}
    >
      {/* Captions arrive inside the live stream and become text tracks at run time. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video ref={setVideo} className="player__video" playsInline data-testid="video" />
      <div className="player__overlay">
        <span className="badge badge--live">LIVE NOW</span>
        <p className="player__title">{`${channel.user.username} is streaming`}</p>
        <p
          className="player__viewers"
          data-testid="viewer-count"
        >{`Watch now with ${formatViewerCount(viewers)} viewers`}</p>
      </div>
      {snapshot?.error && (
        <p className="player__error" role="alert">
          Playback failed. Reload to try again.
        </p>
      )}
      <div className="controls" role="toolbar" aria-label="Player controls">
        <button
          type="button"
          className="control"
          aria-label={paused ? 'Play' : 'Pause'}
          disabled={!player}
          onClick={() => (paused ? void player?.play() : player?.pause())}
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
        <button
          type="button"
          className="control"
          aria-label={muted ? 'Unmute' : 'Mute'}
          aria-pressed={muted}
          disabled={!player}
          onClick={() => player?.setMuted(!muted)}
        >
          {muted ? <MutedIcon /> : <VolumeIcon />}
        </button>
        {params.allowfullscreen && (
          <button type="button" className="control control--end" aria-label="Fullscreen" onClick={toggleFullscreen}>
            <FullscreenIcon />
          </button>
        )}
      </div>
    </div>
  );
}
