import { describe, expect, it } from 'vitest';
import { shortcutFor } from './keyboard-shortcuts.ts';

describe('shortcutFor', () => {
  it('maps the player shortcuts, case-insensitively', () => {
    expect(shortcutFor({ key: ' ', target: 'player' })).toBe('toggle-play');
    expect(shortcutFor({ key: 'k', target: 'player' })).toBe('toggle-play');
    expect(shortcutFor({ key: 'K', target: 'player' })).toBe('toggle-play');
    expect(shortcutFor({ key: 'm', target: 'player' })).toBe('toggle-mute');
    expect(shortcutFor({ key: 'f', target: 'player' })).toBe('toggle-fullscreen');
    expect(shortcutFor({ key: 'I', target: 'player' })).toBe('toggle-stats');
    expect(shortcutFor({ key: 'L', target: 'player' })).toBe('go-live');
    expect(shortcutFor({ key: 'c', target: 'player' })).toBe('toggle-captions');
    expect(shortcutFor({ key: 'C', target: 'player', repeat: true })).toBeNull();
    expect(shortcutFor({ key: 'ArrowUp', target: 'player' })).toBe('volume-up');
    expect(shortcutFor({ key: 'ArrowDown', target: 'player' })).toBe('volume-down');
    expect(shortcutFor({ key: 'x', target: 'player' })).toBeNull();
  });

  it('never fires while typing in a text field', () => {
    for (const key of [' ', 'k', 'm', 'f', 'i', 'ArrowUp']) expect(shortcutFor({ key, target: 'text' })).toBeNull();
  });

  it('leaves Space to a focused button and the arrows to a focused slider', () => {
    expect(shortcutFor({ key: ' ', target: 'button' })).toBeNull();
    expect(shortcutFor({ key: 'k', target: 'button' })).toBe('toggle-play');
    expect(shortcutFor({ key: 'ArrowUp', target: 'slider' })).toBeNull();
    expect(shortcutFor({ key: 'ArrowDown', target: 'slider' })).toBeNull();
    expect(shortcutFor({ key: 'm', target: 'slider' })).toBe('toggle-mute');
  });

  it('ignores modified keys (browser shortcuts) and held toggles', () => {
    expect(shortcutFor({ key: 'f', target: 'player', ctrlKey: true })).toBeNull();
    expect(shortcutFor({ key: 'k', target: 'player', metaKey: true })).toBeNull();
    expect(shortcutFor({ key: 'm', target: 'player', altKey: true })).toBeNull();
    expect(shortcutFor({ key: 'k', target: 'player', repeat: true })).toBeNull();
    // Holding an arrow keeps stepping the volume.
    expect(shortcutFor({ key: 'ArrowUp', target: 'player', repeat: true })).toBe('volume-up');
  });
});
