import { describe, expect, it } from 'vitest';
import {
  fragmentSequenceNumber,
  isAvailable,
  isPublished,
  latestPublishedMsn,
  locateSegment,
  publishedWindow,
} from './timeline.ts';

const grid = { segmentDurationMs: 1000, fragmentsPerSegment: 5, segmentsPerLoop: 8 };

describe('publication schedule', () => {
  it('publishes a segment only once its end is in the past', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0, 999);
    const msn = Math.floor(now / 1000);
    expect(isPublished(msn - 1, now, 1000)).toBe(true);
    expect(isPublished(msn, now, 1000)).toBe(false);
    expect(isPublished(msn, (msn + 1) * 1000, 1000)).toBe(true);
    expect(latestPublishedMsn(now, 1000)).toBe(msn - 1);
    expect(latestPublishedMsn((msn + 1) * 1000, 1000)).toBe(msn);
  });

  it('keeps published segments available for the retention period only', () => {
    const now = 1_000_000_500;
    const last = latestPublishedMsn(now, 1000);
    expect(isAvailable(last, now, 1000, 60_000)).toBe(true);
    expect(isAvailable(last - 59, now, 1000, 60_000)).toBe(true);
    expect(isAvailable(last - 60, now, 1000, 60_000)).toBe(false);
    expect(isAvailable(last + 1, now, 1000, 60_000)).toBe(false);
    expect(isAvailable(-1, 500, 1000, 60_000)).toBe(false);
  });

  it('rolls a fixed-size window over the newest segments', () => {
    expect(publishedWindow(20_000, 1000, 10)).toEqual({ first: 10, last: 19 });
    expect(publishedWindow(20_999, 1000, 10)).toEqual({ first: 10, last: 19 });
    expect(publishedWindow(3_500, 1000, 10)).toEqual({ first: 0, last: 2 });
    expect(() => publishedWindow(3_500, 1000, 0)).toThrow(RangeError);
  });
});

describe('locateSegment', () => {
  it('maps epoch-scale sequence numbers onto the 8-segment loop', () => {
    const msn = 1_795_347_743; // 8 * 224_418_467 + 7
    expect(locateSegment(msn, grid)).toEqual({
      loop: 224_418_467,
      localSegment: 7,
      firstLocalFragment: 35,
      firstGlobalFragment: msn * 5,
    });
    expect(locateSegment(msn + 1, grid)).toMatchObject({ loop: 224_418_468, localSegment: 0, firstLocalFragment: 0 });
  });

  it('rejects negative or fractional numbers', () => {
    expect(() => locateSegment(-1, grid)).toThrow(RangeError);
    expect(() => locateSegment(1.5, grid)).toThrow(RangeError);
  });
});

describe('fragmentSequenceNumber', () => {
  it('counts up by one per fragment and stays within 32 bits, never 0', () => {
    const index = 1_795_347_743 * 5;
    const a = fragmentSequenceNumber(index);
    expect(fragmentSequenceNumber(index + 1)).toBe(a + 1);
    expect(a).toBeGreaterThan(0);
    expect(a).toBeLessThanOrEqual(0xffffffff);
    expect(fragmentSequenceNumber(0)).toBe(1);
    expect(fragmentSequenceNumber(0xffffffff - 1)).toBe(0xffffffff);
    expect(fragmentSequenceNumber(0xffffffff)).toBe(1);
  });
});
