import { useEffect, useRef, type KeyboardEvent } from 'react';
import { qualityLabel, qualityMenuOrder } from './quality-menu.ts';
import type { SettingsMenuProps, View } from './settings-menu-types.ts';

const ITEM_SELECTOR = '[role^="menuitem"]';

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
  const { qualities, quality, autoQualityMode, statsOpen, view, id: menuId } = props;
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
  );
}
