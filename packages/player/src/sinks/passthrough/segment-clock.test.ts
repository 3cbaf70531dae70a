import { describe, expect, it } from 'vitest';
import { SegmentClock } from './segment-clock.ts';
import type { AvailableSegment } from '../../live-sw/sw-messages.ts';

/** The date of segment 100's start. */
const T0 = Date.parse('2026-03-01T12:00:00Z');

/** Two-second segments from 100 on, dated back to back, the first `requested` of them asked for. */
function segments(count: number, requested: number): AvailableSegment[] {
  return Array.from({ length: count }, (_, i) => ({
    msn: 100 + i,
    programDateTime: T0 + i * 2000,
    duration: 2,
    requested: i < requested,
  }));
}

describe('SegmentClock', () => {
  it('is null before any reading', () => {
    const clock = new SegmentClock();
    expect(clock.dateAt(5)).toBeNull();
    clock.update(segments(3, 2));
    expect(clock.dateAt(5)).toBeNull();
  });

  it('dates a position from the newest requested segment and the buffered end', () => {
    const clock = new SegmentClock();
    // 100 and 101 were asked for and appended: the buffer (started at 0 on the element) ends at 4 s,
    // where 101 ends, at T0 + 4 s. 102 is listed but not asked for.
    clock.update(segments(3, 2));
    clock.read(4);
    expect(clock.dateAt(4)).toBe(T0 + 4000);
    expect(clock.dateAt(1.5)).toBe(T0 + 1500);
  });

  it('keeps the true offset when a reading comes between a request and its append', () => {
    const clock = new SegmentClock();
    clock.update(segments(3, 2));
    clock.read(4);
    // 102 requested, not yet appended: the buffer still ends at 4 s, a segment short.
    clock.update(segments(3, 3));
    clock.read(4);
    expect(clock.dateAt(4)).toBe(T0 + 4000);
    clock.read(6); // appended
    expect(clock.dateAt(6)).toBe(T0 + 6000);
  });

  it('follows a timeline that did not start at the first segment', () => {
    const clock = new SegmentClock();
    // The native player started at 101: its element time 0 is T0 + 2 s.
    clock.update(segments(3, 3).map((s, i) => ({ ...s, requested: i >= 1 })));
    clock.read(4);
    expect(clock.dateAt(0)).toBe(T0 + 2000);
  });

  it('ignores segments without a program date-time', () => {
    const clock = new SegmentClock();
    const undated = segments(3, 3).map((s) => (s.msn === 102 ? { ...s, programDateTime: null } : s));
    clock.update(undated);
    clock.read(4); // newest dated requested: 101, ending at T0 + 4 s
    expect(clock.dateAt(4)).toBe(T0 + 4000);

    const none = new SegmentClock();
    none.update(segments(3, 3).map((s) => ({ ...s, programDateTime: null })));
    none.read(6);
    expect(none.dateAt(6)).toBeNull();
  });

  it('takes no reading before a segment was asked for, or without a buffer', () => {
    const clock = new SegmentClock();
    clock.update(segments(3, 0));
    clock.read(4);
    expect(clock.dateAt(4)).toBeNull();
    clock.update(segments(3, 2));
    clock.read(0);
    clock.read(Number.NaN);
    expect(clock.dateAt(4)).toBeNull();
  });

  it('takes the median of recent readings: one a segment ahead or behind does not move it', () => {
    const clock = new SegmentClock();
    clock.update(segments(4, 2));
    clock.read(4);
    clock.read(4);
    // 102 asked for, not appended yet: a segment ahead.
    clock.update(segments(4, 3));
    clock.read(4);
    // 103's report still on its way while it is appended: a segment behind.
    clock.read(8);
    clock.read(6);
    expect(clock.dateAt(6)).toBe(T0 + 6000);
  });

  it('follows a lasting change after a majority of the nine readings it keeps', () => {
    const clock = new SegmentClock();
    clock.update(segments(5, 2));
    for (let i = 0; i < 9; i++) clock.read(4);
    // A segment skipped at a switch: the element's timeline is now 2 s behind the dates.
    clock.update(segments(5, 4));
    for (let i = 0; i < 4; i++) clock.read(6);
    expect(clock.dateAt(6)).toBe(T0 + 6000); // four of nine: not yet
    clock.read(6);
    expect(clock.dateAt(6)).toBe(T0 + 8000);
  });

  it('keeps the newest requested end: a late report about an earlier segment does not move it back', () => {
    const clock = new SegmentClock();
    clock.update(segments(3, 3)); // up to 102, ending at T0 + 6 s
    clock.update(segments(2, 2)); // a late report of another rendition, up to 101
    clock.read(6);
    expect(clock.dateAt(6)).toBe(T0 + 6000);
  });

  it('starts again after reset', () => {
    const clock = new SegmentClock();
    clock.update(segments(3, 2));
    clock.read(4);
    clock.reset();
    expect(clock.dateAt(4)).toBeNull();
    // The segments went too: a reading without a new update is ignored.
    clock.read(4);
    expect(clock.dateAt(4)).toBeNull();
  });
});
