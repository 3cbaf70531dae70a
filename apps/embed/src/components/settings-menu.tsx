import type { Quality } from '@onair/player';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SettingsIcon } from './icons.tsx';
import { qualityLabel, qualityMenuOrder } from './quality-menu.ts';
import { Tooltip } from './tooltip.tsx';

interface SettingsMenuProps {
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

type View = 'closed' | 'main' | 'quality';

const ITEM_SELECTOR = '[role^="menuitem"]';

/**
 * The settings menu: a Quality submenu (Auto plus each playable quality, highest first) and
 * the "Stats for nerds" toggle. A menu button in the WAI-ARIA pattern: ↑/↓ move between
 * items, Home/End jump, Enter/Space choose, → opens the submenu, ← and Escape go back, and a
 * click outside closes it.
 */
export function SettingsMenu(props: SettingsMenuProps) {
  const { qualities, quality, autoQualityMode, statsOpen, onOpenChange } = props;
  const [view, setView] = useState<View>('closed');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const open = view !== 'closed';

  useEffect(() => onOpenChange(open), [open, onOpenChange]);

  // Each view starts with focus on its checked item, or its first.
  useEffect(() => {
    if (!open) return;
    const items = [...(menu.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
    (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
  }, [open, view]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setView('closed');
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setView('closed');
    if (refocus) button.current?.focus();
  };

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
        if (view === 'quality') setView('main');
        break;
      case 'Escape':
        if (view === 'quality') setView('main');
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

  const currentLabel = autoQualityMode
    ? `Auto${quality ? ` (${qualityLabel(quality)})` : ''}`
    : quality
      ? qualityLabel(quality)
      : 'Auto';

  return (
    <div className="settings" ref={root}>
      <Tooltip label="Settings" align="end">
        <button
          ref={button}
          type="button"
          className="control"
          aria-label="Settings"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => setView(open ? 'closed' : 'main')}
        >
          <SettingsIcon />
        </button>
      </Tooltip>
      {open && (
        // One menu element for both views: only its items and its name change.
        <div
          id={menuId}
          ref={menu}
          className="menu"
          role="menu"
          tabIndex={-1}
          aria-label={view === 'main' ? 'Settings' : 'Quality'}
          onKeyDown={onMenuKeyDown}
        >
          {view === 'main' ? (
            <>
              <button
                type="button"
                className="menu__item"
                role="menuitem"
                aria-haspopup="menu"
                onClick={() => setView('quality')}
                onKeyDown={(event) => {
                  if (event.key === 'ArrowRight') {
                    event.preventDefault();
                    setView('quality');
                  }
                }}
              >
                <span>Quality</span>
                <span className="menu__value">{currentLabel}</span>
              </button>
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
          ) : (
            <>
              <button type="button" className="menu__item menu__back" role="menuitem" onClick={() => setView('main')}>
                ‹ Quality
              </button>
              <button
                type="button"
                className="menu__item"
                role="menuitemradio"
                aria-checked={autoQualityMode}
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
                  aria-checked={!autoQualityMode && q.name === quality?.name && q.bitrate === quality.bitrate}
                  onClick={() => {
                    props.onQuality(q);
                    close(true);
                  }}
                >
                  {qualityLabel(q)}
                </button>
              ))}
            </>
          )}
        </div>
      )}
    </div>
  );
}
