import type { AudioTrack, Quality } from '@onair/player';

/** What the settings menu and its lazily loaded panel share (the panel never imports the menu). */
export interface SettingsMenuProps {
  qualities: readonly Quality[];
  quality: Quality | null;
  autoQualityMode: boolean;
  onAutoQuality(): void;
  onQuality(quality: Quality): void;
  /** The stream's audio tracks (an Audio submenu where there are two or more) and the one playing. */
  audioTracks: readonly AudioTrack[];
  audioTrack: string | null;
  onAudioTrack(id: string): void;
  statsOpen: boolean;
  onToggleStats(): void;
  /** Lets the player keep its overlay and controls up while the menu is open. */
  onOpenChange(open: boolean): void;
}

export type View = 'closed' | 'main' | 'quality' | 'audio';
