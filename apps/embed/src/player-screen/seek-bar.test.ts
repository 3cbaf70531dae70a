import { describe, expect, it } from 'vitest';
import { clock, seekKey, seekSpan, seekValueText } from './seek-bar.ts';

describe('seek bar rules', () => {
  it('shows for a VOD or a live window of 20 s or more, never for a short live window', () => {
    expect(seekSpan({ start: 100, end: 104 })).toBeNull();
    expect(seekSpan({ start: 0, end: 12 })).toBeNull();
    expect(seekSpan({ start: 0, end: 20 })).toEqual({ start: 0, end: 20 });
    expect(seekSpan({ start: 0, end: Infinity })).toBeNull();
    expect(seekSpan(null)).toBeNull();
  });

  it('moves 5 s with the arrows, to the ends with Home and End, within the span', () => {
    const span = { start: 10, end: 70 };
    expect(seekKey('ArrowLeft', 40, span)).toBe(35);
    expect(seekKey('ArrowRight', 68, span)).toBe(70);
    expect(seekKey('ArrowLeft', 12, span)).toBe(10);
    expect(seekKey('Home', 40, span)).toBe(10);
    expect(seekKey('End', 40, span)).toBe(70);
    expect(seekKey('k', 40, span)).toBeNull();
  });

  it('says where it is: into a VOD, or behind live', () => {
    expect(clock(65)).toBe('1:05');
    expect(clock(3723)).toBe('1:02:03');
    expect(seekValueText(75, { start: 10, end: 610 }, false)).toBe('1:05 of 10:00');
    expect(seekValueText(580, { start: 10, end: 610 }, true)).toBe('0:30 behind live');
    expect(seekValueText(609.5, { start: 10, end: 610 }, true)).toBe('Live');
  });
});
