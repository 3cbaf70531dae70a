/**
 * Player keyboard shortcuts (beyond the spec, as viewers of the big players expect):
 *
 *   Space / K  play or pause        M  mute or unmute       F  fullscreen (when allowed)
 *   ↑ / ↓      volume ±5 %          I  "Stats for nerds" panel (I for info)
 *   L          Go live (when behind the live edge)
 *   C          captions on or off (when the stream has them)
 *
 * Pure: the page turns a keydown into a `ShortcutInput` and applies the returned action
 * (volume steps and their rules are player/requests.ts's, shared with every other control).
 */
export type ShortcutAction =
  | 'toggle-play'
  | 'toggle-mute'
  | 'toggle-fullscreen'
  | 'volume-up'
  | 'volume-down'
  | 'toggle-stats'
  | 'go-live'
  | 'toggle-captions';

/** What the key event landed on, as far as shortcuts care. */
export type ShortcutTarget =
  /** The player, a plain element or the page body. */
  | 'player'
  /** A button or menu item: Space and Enter belong to it. */
  | 'button'
  /** A range slider: the arrow keys belong to it. */
  | 'slider'
  /** A text field or editable content: every key belongs to it. */
  | 'text';

export interface ShortcutInput {
  key: string;
  target: ShortcutTarget;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  repeat?: boolean;
}

export function shortcutFor(input: ShortcutInput): ShortcutAction | null {
  if (input.target === 'text' || input.ctrlKey || input.metaKey || input.altKey) return null;
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  switch (key) {
    case ' ':
      return input.target === 'button' || input.repeat ? null : 'toggle-play';
    case 'k':
      return input.repeat ? null : 'toggle-play';
    case 'm':
      return input.repeat ? null : 'toggle-mute';
    case 'f':
      return input.repeat ? null : 'toggle-fullscreen';
    case 'i':
      return input.repeat ? null : 'toggle-stats';
    case 'l':
      return input.repeat ? null : 'go-live';
    case 'c':
      return input.repeat ? null : 'toggle-captions';
    case 'ArrowUp':
      return input.target === 'slider' ? null : 'volume-up';
    case 'ArrowDown':
      return input.target === 'slider' ? null : 'volume-down';
    default:
      return null;
  }
}

/** Classifies a DOM event target for `shortcutFor`. */
export function shortcutTarget(target: EventTarget | null): ShortcutTarget {
  if (!(target instanceof HTMLElement)) return 'player';
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return 'text';
  if (target instanceof HTMLInputElement)
    return target.type === 'range'
      ? 'slider'
      : target.type === 'checkbox' || target.type === 'radio' || target.type === 'button'
        ? 'button'
        : 'text';
  if (target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement) return 'button';
  const role = target.getAttribute('role') ?? '';
  if (role.startsWith('menuitem') || role === 'button' || role === 'link') return 'button';
  return 'player';
}
