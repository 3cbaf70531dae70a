import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { SettingsIcon } from '../ui/icons.tsx';
import { Tooltip } from '../ui/tooltip.tsx';
import type { SettingsMenuProps, View } from './settings-menu-types.ts';

/** The open menu loads with its first opening: no viewer needs it before the first frame. */
const SettingsMenuPanel = lazy(() => import('./settings-menu-panel.tsx'));

/**
 * The settings menu: a Quality submenu (Auto plus each playable quality, highest first) and
 * the "Stats for nerds" toggle. A menu button in the WAI-ARIA pattern: ↑/↓ move between
 * items, Home/End jump, Enter/Space choose, → opens the submenu, ← and Escape go back, and a
 * click outside closes it.
 */
export function SettingsMenu(props: SettingsMenuProps) {
  const { onOpenChange } = props;
  const [view, setView] = useState<View>('closed');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const open = view !== 'closed';

  useEffect(() => onOpenChange(open), [open, onOpenChange]);

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
        <Suspense fallback={null}>
          <SettingsMenuPanel {...props} id={menuId} view={view} onView={setView} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
