import type { ChannelInfoV2 } from '@onair/contracts';
import { PlayerState, type AudioTrack, type PlayerStateObject, type Quality } from '@onair/player';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { usePublicConfig } from '../config-context.tsx';
import type { EmbedParams } from '../lib/embed-params.ts';
import { shortcutFor, shortcutTarget, type ShortcutAction } from './keyboard-shortcuts.ts';
import { PlayerControls } from './player-controls.tsx';
import { retriesWhenOnline } from '../lib/player-error-copy.ts';
import { PlayerErrorMessage } from './player-error.tsx';
import { PlayerOverlay, type PastVideoInfo } from './player-overlay.tsx';
import { useCaption } from './use-caption.ts';
import { useCaptions } from './use-captions.ts';
import { captionCss } from '../player/caption-style.ts';
import { useGpuSurface } from '../player/use-gpu-surface.ts';
import { useCast } from '../player/use-cast.ts';
import { useFullscreen } from './use-fullscreen.ts';
import { useMediaSession } from '../player/use-media-session.ts';
import { useBehindLive, usePlayerRequester } from '../player/use-player-requester.ts';
import { usePictureInPicture } from './use-picture-in-picture.ts';
import { usePlayer } from '../player/use-player.ts';
import { usePlayerSelector } from '../player/player-selector.ts';
import { PlayerSeek } from './player-seek.tsx';
import { usePlaybackToken } from '../player/use-playback-token.ts';
import { AUTO_QUALITY, type PlayerRequest } from '../player/requests.ts';
import { useHostApiErrorShown, useHostApiPlayer, useHostApiStreamInfo } from '../host-api/use-host-api.ts';
import { useInStep } from '../player/use-in-step.ts';
import { useCountedViewer } from '../presence/use-counted-viewer.ts';
import { audioOnlyWhenHiddenRequested, useAudioWhenHidden } from '../player/use-audio-when-hidden.ts';
import { usePresence } from '../realtime/use-presence.ts';
import { LiveAnnouncer } from './live-announcer.tsx';
import { useShownError } from './use-stream-gone.ts';
import { useTouchReveal } from './use-touch-reveal.ts';
import './player.css';

// Not needed before the first frame: its code loads when a viewer opens it.
const StatsPanel = lazy(() => import('./stats-panel.tsx'));
/** One empty list, so that the menu's props stay equal while the stream has no audio tracks. */
const NO_AUDIO_TRACKS: readonly AudioTrack[] = [];

/**
 * What the screen shows of the player's state: nothing the 500 ms live sample changes
 * (position, latency, statistics), so the screen renders on a change a viewer can see, not on
 * every sample (the seek bar reads the position itself: player-seek.tsx).
 */
function screenOf(state: PlayerStateObject) {
  return {
    state: state.state,
    paused: state.paused,
    muted: state.muted,
    volume: state.volume,
    error: state.error,
    audioOnly: state.audioOnly,
    qualities: state.qualities,
    quality: state.quality,
    autoQualityMode: state.autoQualityMode,
    audioTracks: state.audioTracks,
    audioTrack: state.audioTrack,
    textTracks: state.textTracks,
    textTrack: state.textTrack,
  };
}

interface LivePlayerProps {
  url: string;
  channel: ChannelInfoV2;
  params: EmbedParams;
  /** A past video of the channel plays, not its live stream (routes/video-page.tsx). */
  video?: PastVideoInfo;
}

/**
 * The live player screen. Everything it shows comes from the player's state object (the
 * parts it shows: screenOf, usePlayerSelector), never from the <video> element.
 *
 * Overlay and controls are up while the player is not playing, while the pointer hovers it,
 * while keyboard focus is inside it (:focus-visible, so a mouse click does not pin them), while
 * the settings menu is open, and for 3 s after a tap on a touch screen (no hover there); they
 * fade with opacity only, so nothing moves. Keyboard
 * shortcuts (keyboard-shortcuts.ts) work whenever focus is in the player or on the page body,
 * never while typing in a text field.
 */
export function LivePlayer({ url, channel, params, video: pastVideo }: LivePlayerProps) {
  const container = useRef<HTMLElement>(null);
  const videoSlot = useRef<HTMLDivElement>(null);
  const adopted = usePlayer(videoSlot, { url, muted: params.muted, autoplay: params.autoplay });
  const player = adopted?.player ?? null;
  const video = adopted?.video ?? null;
  const snapshot = usePlayerSelector(player, screenOf);
  const config = usePublicConfig();
  const fullscreen = useFullscreen(container);
  const pictureInPicture = usePictureInPicture(video);
  const caption = useCaption(player);
  const { state: gpuSurface, attachCanvas } = useGpuSurface(player);
  const cast = useCast(player);
  const [statsOpen, setStatsOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const touchRevealed = useTouchReveal(container);
  // Controls, keyboard, OS media session and host page all ask through one requester, so the
  // rules (requests.ts) hold alike for each.
  const requester = usePlayerRequester(player);
  const behindLive = useBehindLive(player, requester);
  useHostApiPlayer(player, requester);
  // Realtime news of this stream waits for the picture (player/pdt-gate.ts); the host page
  // hears a new title or category when the viewer's picture gets there.
  useInStep(channel.id, pastVideo ? null : player, video);
  const livestream = channel.livestream;
  const categoryNames = useMemo(() => livestream?.categories.map((c) => c.name) ?? [], [livestream]);
  // The title is outside the channel contract (a loose field): a string or nothing.
  const title = !pastVideo && typeof livestream?.session_title === 'string' ? livestream.session_title : '';
  useHostApiStreamInfo(title, categoryNames);

  // The stream gone (404) is held while the channel is asked again (use-stream-gone.ts): most
  // often it ended, and the offline screen, not an error, is the news.
  const shownError = useShownError(snapshot?.error ?? null, channel.slug, !pastVideo);
  useHostApiErrorShown(shownError);

  const playing = snapshot?.state === PlayerState.Playing;
  const ended = snapshot?.state === PlayerState.Ended;
  const paused = snapshot?.paused ?? true;
  const muted = snapshot?.muted ?? params.muted;
  const volume = snapshot?.volume ?? 0;
  const canFullscreen = params.allowfullscreen && fullscreen.supported;
  useMediaSession(requester, channel, paused);
  // Presence (the channel's viewer count) only while the player is in sight and playing
  // (presence/counted-viewer.ts); a past video is no live viewer.
  const counted = useCountedViewer(container, !paused);
  usePresence(channel.id, !pastVideo && counted);
  const audioOnly = snapshot?.audioOnly ?? false;
  // Read once: the host page's choice, in the frame's URL (the SDK's audioOnlyWhenHidden).
  const [hiddenAudio] = useState(() => !pastVideo && audioOnlyWhenHiddenRequested(window.location.search));
  useAudioWhenHidden(container, requester, { enabled: hiddenAudio, playing: !paused, audioOnly });

  const request = useCallback((next: PlayerRequest) => void requester?.request(next), [requester]);
  const togglePlay = useCallback(() => request({ type: 'toggle-play' }), [request]);
  const toggleMute = useCallback(() => request({ type: 'toggle-mute' }), [request]);
  const changeVolume = useCallback((volume: number) => request({ type: 'set-volume', volume }), [request]);
  const goLive = useCallback(() => request({ type: 'go-live' }), [request]);
  const toggleStats = useCallback(() => setStatsOpen((open) => !open), []);

  const captions = useCaptions(snapshot, request, requester);
  // A private channel's token is renewed ahead of its expiry, and before a Retry (a refused
  // token is most often an old one).
  const renewToken = usePlaybackToken(player, channel.slug, url);
  const retry = useCallback(() => {
    if (!player) return;
    void renewToken().finally(() => {
      player.load(url);
      void player.play();
    });
  }, [player, url, renewToken]);

  // The connection was lost for good (the engine's retries are spent): once the browser is
  // back online the player tries again by itself (player-error-copy.ts retriesWhenOnline).
  const lostConnection = snapshot?.error ? retriesWhenOnline(snapshot.error) : false;
  useEffect(() => {
    if (!lostConnection) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [lostConnection, retry]);

  const actions = useRef<Record<ShortcutAction, () => void> | null>(null);
  // A layout effect, so the shortcuts act on what is on screen: a passive effect runs after
  // paint, and a key pressed in between (a CC button just shown) met the previous render's
  // actions (seen: `c` ignored right after the stream listed its first text track).
  useLayoutEffect(() => {
    actions.current = {
      'toggle-play': togglePlay,
      'toggle-mute': toggleMute,
      'toggle-fullscreen': () => {
        if (canFullscreen) fullscreen.toggle();
      },
      'volume-up': () => request({ type: 'step-volume', direction: 1 }),
      'volume-down': () => request({ type: 'step-volume', direction: -1 }),
      'toggle-stats': toggleStats,
      'go-live': () => {
        if (behindLive.behind) goLive();
      },
      'toggle-captions': captions.toggle,
    };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A menu (or any control) that handled the key itself has the last word.
      if (event.defaultPrevented) return;
      const root = container.current;
      const target = event.target;
      const inPlayer = target instanceof Node && root?.contains(target);
      if (!inPlayer && target !== document.body && target !== document.documentElement) return;
      const action = shortcutFor({
        key: event.key,
        target: shortcutTarget(target),
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        repeat: event.repeat,
      });
      if (!action) return;
      event.preventDefault();
      actions.current?.[action]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const onAutoQuality = useCallback(() => request({ type: 'set-quality', quality: AUTO_QUALITY }), [request]);
  const onQuality = useCallback(
    (quality: Quality) => request({ type: 'set-quality', quality: quality.name }),
    [request],
  );
  const onAudioTrack = useCallback((id: string) => request({ type: 'set-audio-track', id }), [request]);
  const onAudioOnly = useCallback(() => request({ type: 'set-audio-only', enabled: true }), [request]);
  const showVideo = useCallback(() => request({ type: 'set-audio-only', enabled: false }), [request]);
  const onSeek = useCallback((position: number) => request({ type: 'seek', position }), [request]);
  const overlayPinned = !playing || menuOpen || touchRevealed;

  return (
    <main
      ref={container}
      className="player"
      aria-label={pastVideo ? `${channel.user.username}'s latest stream` : `${channel.user.username}'s live stream`}
      // Focusable so that a click on the picture puts keyboard shortcuts in reach.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      data-testid="player"
      data-player-state={snapshot?.state ?? 'Idle'}
      data-counted={counted}
      data-overlay={overlayPinned ? 'visible' : 'hover'}
      data-surface-mode={gpuSurface.mode}
      data-gpu-status={gpuSurface.status}
      data-cast-state={cast.status.state}
      data-behind-live={behindLive.behind}
      data-audio-only={audioOnly}
    >
      {/* The <video> (class player__video) is the page player's own element, started before
          this screen rendered (page-player.ts) and adopted here. Captions arrive as timed
          metadata and are drawn by the page (the captions region below). */}
      <div ref={videoSlot} className="player__media" />
      {/* SPEC §2 GPU surface: the player draws the video on this canvas, over the video (or
          beside it in debug_both); it shows only while it presents, and the video plays on
          under it, so a GPU failure goes back to the video without a black frame. */}
      {gpuSurface.mode !== 'video' && (
        <canvas ref={attachCanvas} className="player__canvas" data-testid="gpu-canvas" aria-hidden="true" />
      )}
      {cast.status.state === 'connected' && (
        <p className="player__casting" data-testid="casting">
          Playing on {cast.status.receiver ?? 'the TV'}
        </p>
      )}
      {cast.notice && (
        <p className="player__notice" role="status" data-testid="cast-notice">
          {cast.notice}
        </p>
      )}
      {audioOnly && (
        // The picture is not loaded: say so where it would be, with the way back.
        <div className="player__audio-only" data-testid="audio-only">
          <p>Audio only</p>
          <button type="button" className="player__show-video" onClick={showVideo}>
            Show video
          </button>
        </div>
      )}
      <PlayerOverlay channel={channel} mainSiteUrl={config.mainSiteUrl} video={pastVideo ?? null} />
      <LiveAnnouncer player={player} behindLive={behindLive.behind} />
      <div
        className="player__captions"
        aria-live="polite"
        data-testid="captions"
        style={captionCss(captions.prefs.style) as React.CSSProperties}
      >
        {caption && <span className="player__caption">{caption}</span>}
      </div>
      {statsOpen && player && (
        <Suspense fallback={null}>
          <StatsPanel player={player} onClose={() => setStatsOpen(false)} />
        </Suspense>
      )}
      {shownError && <PlayerErrorMessage error={shownError} onRetry={retry} />}
      <PlayerControls
        enabled={player !== null}
        paused={paused}
        ended={ended}
        muted={muted}
        volume={volume}
        onTogglePlay={togglePlay}
        onToggleMute={toggleMute}
        onVolume={changeVolume}
        live={pastVideo ? null : { behind: behindLive.behind, seconds: behindLive.seconds, onGoLive: goLive }}
        fullscreen={canFullscreen ? fullscreen : null}
        pictureInPicture={pictureInPicture}
        cast={{ status: cast.status, onToggle: cast.toggle }}
        captions={{
          available: captions.textTracks.length > 0,
          on: captions.textTrack !== null,
          onToggle: captions.toggle,
        }}
        seek={<PlayerSeek player={player} onSeek={onSeek} />}
        settings={{
          qualities: snapshot?.qualities ?? [],
          quality: snapshot?.quality ?? null,
          autoQualityMode: snapshot?.autoQualityMode ?? true,
          onAutoQuality,
          onQuality,
          audioOnly,
          onAudioOnly,
          audioTracks: snapshot?.audioTracks ?? NO_AUDIO_TRACKS,
          audioTrack: snapshot?.audioTrack ?? null,
          onAudioTrack,
          textTracks: captions.textTracks,
          textTrack: captions.textTrack,
          onTextTrack: captions.onTextTrack,
          captionStyle: captions.prefs.style,
          onCaptionStyle: captions.onStyle,
          statsOpen,
          onToggleStats: toggleStats,
          onOpenChange: setMenuOpen,
        }}
      />
    </main>
  );
}
