import { describe, expect, it } from 'vitest';
import { captionDurationMs } from './use-caption.ts';

describe('captionDurationMs', () => {
  it("keeps a caption up for its cue's span", () => {
    expect(captionDurationMs({ startTime: 10, endTime: 12 })).toBe(2000);
    expect(captionDurationMs({ startTime: 10, endTime: 11.5 })).toBe(1500);
  });

  it('falls back to the spec 2 s for a cue without a span', () => {
    expect(captionDurationMs({ startTime: 10, endTime: 10 })).toBe(2000);
    expect(captionDurationMs({ startTime: 10, endTime: Number.NaN })).toBe(2000);
  });
});
