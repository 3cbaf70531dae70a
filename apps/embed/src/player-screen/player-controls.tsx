import { useLayoutEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import type { CastStatus } from '@onair/player';
import {
  CaptionsIcon,
  CastIcon,
  ExitFullscreenIcon,
  FullscreenIcon,
  MutedIcon,
  PauseIcon,
  PictureInPictureIcon,
  PlayIcon,
  ReplayIcon,
  VolumeIcon,
} from '../ui/icons.tsx';
import { LiveIndicator } from './live-indicator.tsx';
import { SettingsMenu } from './settings-menu.tsx';
import { Tooltip, TooltipGroup } from '../ui/tooltip.tsx';
import type { FullscreenControl } from './use-fullscreen.ts';
import type { PictureInPictureControl } from './use-picture-in-picture.ts';
import { VolumeSlider } from './volume-slider.tsx';

interface PlayerControlsProps {
  /** False until a player exists to take requests. */
  enabled: boolean;
  paused: boolean;
  /** Playback reached the end of a video: the play button replays it. */
  ended: boolean;
  muted: boolean;
  volume: number;
  onTogglePlay(): void;
  onToggleMute(): void;
  onVolume(volume: number): void;
  /** Where playback is against the live edge (player/behind-live.ts), and the way back. */
  live: { behind: boolean; seconds: number; onGoLive(): void } | null;
  /** Null when the embed does not allow fullscreen (allowfullscreen) or the frame cannot. */
  fullscreen: FullscreenControl | null;
  pictureInPicture: PictureInPictureControl;
  /** Captions: the CC button shows while the stream has a text track. */
  captions: { available: boolean; on: boolean; onToggle(): void };
  /** Casting: the button shows while a receiver is there (or a session is on). */
  cast: { status: CastStatus; onToggle(): void };
  settings: ComponentProps<typeof SettingsMenu>;
  /** A VOD's or a long live window's seek bar (player-seek.tsx: it reads the player itself). */
  seek: ReactNode;
}

/**
 * The control bar (SPEC §2 plus what viewers expect). Every control is a real button with an
 * accessible name and its state: play/pause and mute/unmute are named for what they will do
 * (the name is the state, as on the big players, so no aria-pressed that would contradict
 * it); fullscreen and picture-in-picture keep one name and say aria-pressed; the settings
 * button says aria-expanded; the slider says aria-valuenow. Tooltips name the shortcut.
 */
export function PlayerControls(props: PlayerControlsProps) {
  const { enabled, paused, muted, fullscreen, pictureInPicture } = props;
  const playLabel = props.ended ? 'Replay' : paused ? 'Play' : 'Pause';
  const muteLabel = muted ? 'Unmute' : 'Mute';

  return (
    <TooltipGroup>
      <div className="controls" role="toolbar" aria-label="Player controls" data-testid="controls">
        {props.seek}
        <Tooltip label={`${playLabel} (k)`} align="start">
          <button
            type="button"
            className="control"
            aria-label={playLabel}
            aria-keyshortcuts="K Space"
            disabled={!enabled}
            onClick={props.onTogglePlay}
          >
            {props.ended ? <ReplayIcon /> : paused ? <PlayIcon /> : <PauseIcon />}
          </button>
        </Tooltip>
        <Tooltip label={`${muteLabel} (m)`}>
          <button
            type="button"
            className="control"
            aria-label={muteLabel}
            aria-keyshortcuts="M"
            disabled={!enabled}
            onClick={props.onToggleMute}
          >
            {muted ? <MutedIcon /> : <VolumeIcon />}
          </button>
        </Tooltip>
        <VolumeSlider volume={props.volume} muted={muted} disabled={!enabled} onVolume={props.onVolume} />
        {props.live && <LiveIndicator {...props.live} />}
        <span className="controls__spacer" />
        {props.captions.available && (
          <Tooltip label={props.captions.on ? 'Captions off (c)' : 'Captions on (c)'} align="end">
            <button
              type="button"
              className="control"
              aria-label="Subtitles/closed captions"
              aria-pressed={props.captions.on}
              aria-keyshortcuts="C"
              disabled={!enabled}
              data-testid="captions-button"
              onClick={props.captions.onToggle}
            >
              <CaptionsIcon on={props.captions.on} />
            </button>
          </Tooltip>
        )}
        <SettingsMenu {...props.settings} />
        <CastButton {...props.cast} />
        {pictureInPicture.supported && (
          <Tooltip label={pictureInPicture.active ? 'Exit picture-in-picture' : 'Picture-in-picture'} align="end">
            <button
              type="button"
              className="control"
              aria-label="Picture-in-picture"
              aria-pressed={pictureInPicture.active}
              disabled={!enabled}
              onClick={pictureInPicture.toggle}
            >
              <PictureInPictureIcon />
            </button>
          </Tooltip>
        )}
        {fullscreen && (
          <Tooltip label={fullscreen.active ? 'Exit fullscreen (f)' : 'Fullscreen (f)'} align="end">
            <button
              type="button"
              className="control"
              aria-label="Fullscreen"
              aria-pressed={fullscreen.active}
              aria-keyshortcuts="F"
              onClick={fullscreen.toggle}
            >
              {fullscreen.active ? <ExitFullscreenIcon /> : <FullscreenIcon />}
            </button>
          </Tooltip>
        )}
      </div>
    </TooltipGroup>
  );
}

/**
 * SPEC §4 remote session: shown only while a receiver is available or a session is on. One
 * name, its state in aria-pressed (as picture-in-picture); while it connects it refuses clicks
 * (aria-disabled) and the announcer says where the picture goes (live-announcer.tsx).
 */
function CastButton({ status, onToggle }: { status: CastStatus; onToggle(): void }) {
  if (status.state === 'unavailable') return null;
  return <ShownCastButton status={status} onToggle={onToggle} />;
}

function ShownCastButton({ status, onToggle }: { status: CastStatus; onToggle(): void }) {
  const button = useRef<HTMLButtonElement>(null);
  // The receiver can go while the button has keyboard focus: focus moves to the control before
  // it rather than to the page's body. A layout effect's cleanup runs while the button is
  // still in the document, so it can tell.
  useLayoutEffect(() => {
    const element = button.current;
    return () => {
      if (!element || element.ownerDocument.activeElement !== element) return;
      const toolbar = element.closest('[role="toolbar"]');
      const controls = [...(toolbar?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? [])];
      controls[controls.indexOf(element) - 1]?.focus();
    };
  }, []);
  const connected = status.state === 'connected';
  const connecting = status.state === 'connecting';
  const tip = connected
    ? `Stop casting to ${status.receiver ?? 'the TV'}`
    : connecting
      ? 'Connecting…'
      : 'Cast to a TV';
  return (
    <Tooltip label={tip} align="end">
      <button
        ref={button}
        type="button"
        className="control"
        aria-label="Cast"
        aria-pressed={connected}
        // Not `disabled`: a disabled button drops keyboard focus while it connects.
        aria-disabled={connecting}
        data-testid="cast-button"
        onClick={() => {
          if (!connecting) onToggle();
        }}
      >
        <CastIcon connected={connected} />
      </button>
    </Tooltip>
  );
}
