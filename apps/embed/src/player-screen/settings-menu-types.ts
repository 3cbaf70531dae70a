import type { Quality } from '@onair/player';

/** What the settings menu and its lazily loaded panel share (the panel never imports the menu). */
export interface SettingsMenuProps {
  qualities: readonly Quality[];
  quality: Quality | null;
  autoQualityMode: boolean;
  onAutoQuality(): void;
  onQuality(quality: Quality): void;
  statsOpen: boolean;
  onToggleStats(): void;
  /** Lets the player keep its overlay and controls up while the menu is open. */
  onOpenChange(open: boolean): void;
}

export type View = 'closed' | 'main' | 'quality';
