import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { TooltipTiming } from './tooltip-timing.ts';

const TimingContext = createContext<TooltipTiming | null>(null);

/** Tooltips inside one group share the 700/300 ms clock (SPEC §9), as the controls bar does. */
export function TooltipGroup({ children }: { children: ReactNode }) {
  const [timing] = useState(() => new TooltipTiming());
  return <TimingContext.Provider value={timing}>{children}</TimingContext.Provider>;
}

interface TooltipProps {
  label: string;
  /** Which edge of the trigger the bubble lines up with, so end controls stay inside the frame. */
  align?: 'center' | 'start' | 'end';
  children: ReactNode;
}

/**
 * A hover/focus tooltip over a control. Pointer hover opens it after the group's delay
 * (700 ms, or at once within 300 ms of another), keyboard focus opens it at once, and a
 * press, Escape or leaving closes it. The bubble is decorative for screen readers: the
 * control's own accessible name carries the same words.
 */
export function Tooltip({ label, align = 'center', children }: TooltipProps) {
  const shared = useContext(TimingContext);
  const [ownTiming] = useState(() => new TooltipTiming());
  const timing = shared ?? ownTiming;
  const [open, setOpen] = useState(false);
  const openRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  const show = () => {
    timer.current = undefined;
    if (openRef.current) return;
    openRef.current = true;
    timing.opened();
    setOpen(true);
  };
  const hide = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!openRef.current) return;
    openRef.current = false;
    timing.closed(performance.now());
    setOpen(false);
  };
  const request = (immediately: boolean) => {
    if (openRef.current || timer.current !== undefined) return;
    const delay = immediately ? 0 : timing.delayAt(performance.now());
    if (delay === 0) show();
    else timer.current = setTimeout(show, delay);
  };

  // A control that disappears while its tooltip shows must still close it in the shared clock.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (openRef.current) timing.closed(performance.now());
    },
    [timing],
  );

  return (
    // The wrapper only observes hover and focus bubbling up from the control inside it; the
    // control itself is the interactive element.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <span
      className="tooltip-anchor"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse' || event.pointerType === 'pen') request(false);
      }}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={(event) => {
        if (event.target instanceof HTMLElement && event.target.matches(':focus-visible')) request(true);
      }}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && openRef.current) hide();
      }}
    >
      {children}
      <span
        id={id}
        role="tooltip"
        className={`tooltip tooltip--${align}`}
        data-state={open ? 'open' : 'closed'}
        aria-hidden={!open}
      >
        {label}
      </span>
    </span>
  );
}
