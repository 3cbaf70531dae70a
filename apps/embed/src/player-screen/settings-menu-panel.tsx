import { useEffect, useRef, type KeyboardEvent } from 'react';
import { CAPTION_OPTIONS } from '../player/caption-options.ts';
import {
  CaptionOptionView,
  CaptionStyleView,
  MenuBack,
  SubmenuItem,
  SubtitlesView,
  textTrackLabel,
} from './caption-menu-views.tsx';
import { audioTrackLabel, qualityLabel, qualityMenuOrder } from './quality-menu.ts';
import type { SettingsMenuProps, View } from './settings-menu-types.ts';

const ITEM_SELECTOR = '[role^="menuitem"]';
const AUDIO_ONLY_LABEL = 'Audio only';

interface PanelProps extends SettingsMenuProps {
  id: string;
  view: Exclude<View, 'closed'>;
  onView(view: View): void;
  onClose(refocus: boolean): void;
}

/**
 * The open settings menu (settings-menu.tsx owns the button and whether it is open): one menu
 * element for both views, keyboard handling in the WAI-ARIA menu pattern. Loaded on first open.
 */
export default function SettingsMenuPanel(props: PanelProps) {
  const { qualities, quality, autoQualityMode, statsOpen, view, id: menuId, audioTracks, audioTrack } = props;
  const menu = useRef<HTMLDivElement>(null);
  const setView = props.onView;
  const close = props.onClose;

  // Each view starts with focus on its checked item, or its first.
  useEffect(() => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
    (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
  }, [view]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focus(at + 1);
        break;
      case 'ArrowUp':
        focus(at - 1);
        break;
      case 'Home':
        focus(0);
        break;
      case 'End':
        focus(items.length - 1);
        break;
      case 'ArrowLeft':
        if (view !== 'main') setView(parentOf(view));
        break;
      case 'Escape':
        if (view !== 'main') setView(parentOf(view));
        else close(true);
        break;
      case 'Tab':
        setView('closed');
        return;
      default:
        return;
    }
    // Handled here: the player's shortcuts (↑/↓ volume) must not also act on it.
    event.preventDefault();
    event.stopPropagation();
  };

  const currentLabel = props.audioOnly
    ? AUDIO_ONLY_LABEL
    : autoQualityMode
      ? `Auto${quality ? ` (${qualityLabel(quality)})` : ''}`
      : quality
        ? qualityLabel(quality)
        : 'Auto';

  const playingTrack = audioTracks.find((track) => track.id === audioTrack);
  const shownText = props.textTracks.find((track) => track.id === props.textTrack);
  const submenu = (to: View, label: string, value: string) => (
    <SubmenuItem to={to} label={label} value={value} setView={setView} />
  );

  return (
    // One menu element for every view: only its items and its name change.
    <div
      id={menuId}
      ref={menu}
      className="menu"
      role="menu"
      tabIndex={-1}
      aria-label={menuName(view)}
      onKeyDown={onMenuKeyDown}
    >
      {view === 'main' ? (
        <>
          {submenu('quality', 'Quality', currentLabel)}
          {/* A choice only where there is one: two or more audio renditions (languages). */}
          {audioTracks.length > 1 && submenu('audio', 'Audio', playingTrack ? audioTrackLabel(playingTrack) : '')}
          {props.textTracks.length > 0 &&
            submenu('subtitles', 'Subtitles/CC', shownText ? textTrackLabel(shownText) : 'Off')}
          <button
            type="button"
            className="menu__item"
            role="menuitemcheckbox"
            aria-checked={statsOpen}
            aria-keyshortcuts="I"
            onClick={() => {
              props.onToggleStats();
              close(true);
            }}
          >
            <span>Stats for nerds</span>
            <span className="menu__value">{statsOpen ? 'On' : 'Off'}</span>
          </button>
        </>
      ) : view === 'subtitles' ? (
        <SubtitlesView
          tracks={props.textTracks}
          selected={props.textTrack}
          onTrack={props.onTextTrack}
          setView={setView}
          close={close}
        />
      ) : view === 'caption-style' ? (
        <CaptionStyleView style={props.captionStyle} setView={setView} />
      ) : view in CAPTION_OPTIONS ? (
        <CaptionOptionView
          option={view as keyof typeof CAPTION_OPTIONS}
          style={props.captionStyle}
          onStyle={props.onCaptionStyle}
          setView={setView}
        />
      ) : view === 'audio' ? (
        <>
          <MenuBack label="Audio" to="main" setView={setView} />
          {audioTracks.map((track) => (
            <button
              key={track.id}
              type="button"
              className="menu__item"
              role="menuitemradio"
              aria-checked={track.id === audioTrack}
              lang={track.language || undefined}
              onClick={() => {
                props.onAudioTrack(track.id);
                close(true);
              }}
            >
              {audioTrackLabel(track)}
            </button>
          ))}
        </>
      ) : (
        <>
          <MenuBack label="Quality" to="main" setView={setView} />
          <button
            type="button"
            className="menu__item"
            role="menuitemradio"
            aria-checked={autoQualityMode && !props.audioOnly}
            onClick={() => {
              props.onAutoQuality();
              close(true);
            }}
          >
            Auto
          </button>
          {qualityMenuOrder(qualities).map((q) => (
            <button
              key={`${q.name}-${q.bitrate}`}
              type="button"
              className="menu__item"
              role="menuitemradio"
              aria-checked={
                !props.audioOnly && !autoQualityMode && q.name === quality?.name && q.bitrate === quality.bitrate
              }
              onClick={() => {
                props.onQuality(q);
                close(true);
              }}
            >
              {qualityLabel(q)}
            </button>
          ))}
          {/* Last, as Twitch lists it: the sound alone, for a listener or a slow link. */}
          <button
            type="button"
            className="menu__item"
            role="menuitemradio"
            aria-checked={props.audioOnly}
            onClick={() => {
              props.onAudioOnly();
              close(true);
            }}
          >
            {AUDIO_ONLY_LABEL}
          </button>
        </>
      )}
    </div>
  );
}

/** Where ← and Escape go from a view. */
function parentOf(view: Exclude<View, 'closed'>): View {
  if (view === 'caption-style') return 'subtitles';
  return view in CAPTION_OPTIONS ? 'caption-style' : 'main';
}

/** The menu's name in each view. */
function menuName(view: Exclude<View, 'closed'>): string {
  if (view in CAPTION_OPTIONS) return CAPTION_OPTIONS[view as keyof typeof CAPTION_OPTIONS].label;
  const names: Record<string, string> = {
    main: 'Settings',
    audio: 'Audio',
    quality: 'Quality',
    subtitles: 'Subtitles/CC',
    'caption-style': 'Caption style',
  };
  return names[view] ?? 'Settings';
}
