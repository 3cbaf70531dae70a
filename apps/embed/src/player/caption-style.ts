/**
 * How captions look, as the viewer sets it: the display settings the FCC's caption rules
 * (47 CFR 79.103, from the CVAA) require a player to offer — text size, colour and font, and the
 * background's colour and opacity — with CEA-708's choices. Pure: the defaults, the CSS the
 * caption line takes and the track captions turn on; the choices, their labels and the stored
 * form are in caption-options.ts, which loads with the menu and the store (not start-up code).
 */

export type CaptionColor = 'white' | 'yellow' | 'green' | 'cyan' | 'blue' | 'magenta' | 'red' | 'black';

export interface CaptionStyle {
  size: '50%' | '75%' | '100%' | '150%' | '200%';
  color: CaptionColor;
  font: 'sans-serif' | 'serif' | 'monospace' | 'casual' | 'small-caps';
  background: CaptionColor;
  backgroundOpacity: '0%' | '25%' | '50%' | '75%' | '100%';
}

export type CaptionOption = keyof CaptionStyle;

/** White on 75 % black, the usual default (YouTube's, Apple's). */
export const DEFAULT_CAPTION_STYLE: CaptionStyle = Object.freeze({
  size: '100%',
  color: 'white',
  font: 'sans-serif',
  background: 'black',
  backgroundOpacity: '75%',
});

/** What the viewer chose for captions: on or off, the language, and the look. */
export interface CaptionPreferences {
  /** Captions on (the CC button): the embed turns on a track whenever a stream has one. */
  enabled: boolean;
  /** The language of the track last chosen (RFC 5646), '' for none in particular. */
  language: string;
  style: CaptionStyle;
}

export const DEFAULT_CAPTION_PREFERENCES: CaptionPreferences = Object.freeze({
  enabled: false,
  language: '',
  style: DEFAULT_CAPTION_STYLE,
});

const RGB: Record<CaptionStyle['color'], string> = {
  white: '255 255 255',
  yellow: '255 255 0',
  green: '0 255 0',
  cyan: '0 255 255',
  blue: '0 0 255',
  magenta: '255 0 255',
  red: '255 0 0',
  black: '0 0 0',
};

const FONT_FAMILY: Record<CaptionStyle['font'], string> = {
  'sans-serif': 'system-ui, Arial, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  monospace: '"Courier New", monospace',
  casual: '"Comic Sans MS", "Comic Neue", cursive',
  'small-caps': 'system-ui, Arial, sans-serif',
};

/** The caption line's custom properties (player.css reads them). */
export function captionCss(style: CaptionStyle): Record<string, string> {
  return {
    '--caption-scale': String(Number.parseInt(style.size, 10) / 100),
    '--caption-color': `rgb(${RGB[style.color]})`,
    '--caption-font': FONT_FAMILY[style.font],
    '--caption-variant': style.font === 'small-caps' ? 'small-caps' : 'normal',
    '--caption-background': `rgb(${RGB[style.background]} / ${style.backgroundOpacity})`,
  };
}

/**
 * The track to show when captions are on: the one in the viewer's language, else the stream's
 * default, else the first; null when the stream has none.
 */
export function chooseTextTrack<T extends { id: string; language: string; default: boolean }>(
  tracks: readonly T[],
  language: string,
): T | null {
  const base = (tag: string) => tag.toLowerCase().split('-')[0];
  return (
    (language && tracks.find((t) => t.language.toLowerCase() === language.toLowerCase())) ||
    (language && tracks.find((t) => base(t.language) === base(language))) ||
    tracks.find((t) => t.default) ||
    tracks[0] ||
    null
  );
}
