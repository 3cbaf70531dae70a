/**
 * The caption style's choices (caption-style.ts), their words in the menu, and preferences read
 * back from what was stored. Loaded with the settings menu and the preferences store.
 */
import {
  DEFAULT_CAPTION_PREFERENCES,
  DEFAULT_CAPTION_STYLE,
  type CaptionOption,
  type CaptionPreferences,
  type CaptionStyle,
} from './caption-style.ts';

export type { CaptionOption, CaptionStyle };

export const CAPTION_SIZES: readonly CaptionStyle['size'][] = ['50%', '75%', '100%', '150%', '200%'];
export const CAPTION_COLORS: readonly CaptionStyle['color'][] = [
  'white',
  'yellow',
  'green',
  'cyan',
  'blue',
  'magenta',
  'red',
  'black',
];
export const CAPTION_OPACITIES: readonly CaptionStyle['backgroundOpacity'][] = ['0%', '25%', '50%', '75%', '100%'];
export const CAPTION_FONTS: readonly CaptionStyle['font'][] = [
  'sans-serif',
  'serif',
  'monospace',
  'casual',
  'small-caps',
];

/** Each setting, its menu name and its choices, in menu order. */
export const CAPTION_OPTIONS = {
  size: { label: 'Font size', values: CAPTION_SIZES },
  color: { label: 'Font colour', values: CAPTION_COLORS },
  font: { label: 'Font family', values: CAPTION_FONTS },
  background: { label: 'Background colour', values: CAPTION_COLORS },
  backgroundOpacity: { label: 'Background opacity', values: CAPTION_OPACITIES },
} as const satisfies { [K in keyof CaptionStyle]: { label: string; values: readonly CaptionStyle[K][] } };

/** A choice's words in the menu: "100%", "Yellow", "Monospace". */
export function captionValueLabel(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).replace('-', ' ');
}

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/**
 * Preferences from what was stored: anything unknown or malformed falls back to its default, one
 * field at a time (a value from a later version of the embed loses only itself).
 */
export function parseCaptionPreferences(stored: unknown): CaptionPreferences {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_CAPTION_PREFERENCES;
  const raw = stored as Record<string, unknown>;
  const style = (typeof raw.style === 'object' && raw.style !== null ? raw.style : {}) as Record<string, unknown>;
  const d = DEFAULT_CAPTION_STYLE;
  return {
    enabled: raw.enabled === true,
    language: typeof raw.language === 'string' && /^[A-Za-z0-9-]{0,35}$/.test(raw.language) ? raw.language : '',
    style: {
      size: oneOf(CAPTION_SIZES, style.size, d.size),
      color: oneOf(CAPTION_COLORS, style.color, d.color),
      font: oneOf(CAPTION_FONTS, style.font, d.font),
      background: oneOf(CAPTION_COLORS, style.background, d.background),
      backgroundOpacity: oneOf(CAPTION_OPACITIES, style.backgroundOpacity, d.backgroundOpacity),
    },
  };
}
