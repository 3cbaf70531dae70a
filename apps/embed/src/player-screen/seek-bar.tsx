import type { KeyboardEvent } from 'react';
import { seekKey, seekValueText } from './seek-bar.ts';

interface SeekBarProps {
  span: { start: number; end: number };
  position: number;
  live: boolean;
  disabled: boolean;
  onSeek(position: number): void;
}

/**
 * The seek bar of a VOD or a live window long enough to rewind in (seek-bar.ts): a native range
 * input (touch and screen readers for free), its keys ours: ←/→ 5 s, Home/End the ends (the
 * live edge for a live window). Its value says where in words (aria-valuetext).
 */
export function SeekBar({ span, position, live, disabled, onSeek }: SeekBarProps) {
  const value = Math.min(span.end, Math.max(span.start, position));
  const percent = ((value - span.start) / (span.end - span.start)) * 100;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = seekKey(event.key, value, span);
    if (next === null) return;
    event.preventDefault();
    // The player's own shortcuts (↑/↓ volume) must not act on these keys too.
    event.stopPropagation();
    onSeek(next);
  };
  return (
    <input
      className="seek"
      type="range"
      min={span.start}
      max={span.end}
      step="any"
      value={value}
      disabled={disabled}
      aria-label="Seek"
      aria-valuetext={seekValueText(value, span, live)}
      aria-keyshortcuts="ArrowLeft ArrowRight Home End"
      style={{ '--seek': `${percent}%` } as React.CSSProperties}
      onKeyDown={onKeyDown}
      onChange={(event) => onSeek(Number(event.currentTarget.value))}
    />
  );
}
