import { describe, expect, it } from 'vitest';
import { TimestampOffsets } from './timestamp-offsets.ts';

describe('TimestampOffsets', () => {
  it('moves a discontinuity’s new timeline to where the last piece ended, and keeps it after', () => {
    const offsets = new TimestampOffsets();
    expect(offsets.forPiece(10, false)).toBeNull();
    offsets.appended(10, 2);
    offsets.appended(12, 2); // ends at 14
    // An encoder restart: timestamps from 0 again.
    expect(offsets.forPiece(0, true)).toBe(14);
    offsets.appended(0, 2);
    expect(offsets.forPiece(2, false)).toBeNull();
    offsets.appended(2, 2);
    // A second restart, at 100: continues at 18.
    expect(offsets.forPiece(100, true)).toBe(18 - 100);
  });

  it('changes nothing at a discontinuity whose timestamps already continue, or at a generation’s first piece', () => {
    const offsets = new TimestampOffsets();
    expect(offsets.forPiece(50, true)).toBeNull();
    offsets.appended(50, 2);
    expect(offsets.forPiece(52, true)).toBeNull();
    offsets.restart();
    expect(offsets.forPiece(0, true)).toBeNull();
    expect(offsets.offset).toBe(0);
  });
});
