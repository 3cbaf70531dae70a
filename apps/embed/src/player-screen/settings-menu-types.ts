import type { AudioTrack, Quality, TextTrack } from '@onair/player';
import type { CaptionOption, CaptionStyle } from '../player/caption-style.ts';

/** What the settings menu and its lazily loaded panel share (the panel never imports the menu). */
export interface SettingsMenuProps {
  qualities: readonly Quality[];
  quality: Quality | null;
  autoQualityMode: boolean;
  onAutoQuality(): void;
  onQuality(quality: Quality): void;
  /** The sound alone (Twitch's "Audio Only" quality): on, and how to turn it on. */
  audioOnly: boolean;
  onAudioOnly(): void;
  /** The stream's audio tracks (an Audio submenu where there are two or more) and the one playing. */
  audioTracks: readonly AudioTrack[];
  audioTrack: string | null;
  onAudioTrack(id: string): void;
  /** The stream's text tracks (a Subtitles/CC submenu where there is one) and the one shown. */
  textTracks: readonly TextTrack[];
  textTrack: string | null;
  onTextTrack(id: string | null): void;
  /** How captions look (the FCC's display settings), and a change of one setting. */
  captionStyle: CaptionStyle;
  onCaptionStyle(style: CaptionStyle): void;
  statsOpen: boolean;
  onToggleStats(): void;
  /** Lets the player keep its overlay and controls up while the menu is open. */
  onOpenChange(open: boolean): void;
}

export type View = 'closed' | 'main' | 'quality' | 'audio' | 'subtitles' | 'caption-style' | CaptionOption;
