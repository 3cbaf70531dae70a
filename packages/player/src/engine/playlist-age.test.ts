import { describe, expect, it } from 'vitest';
import { ageAtArrivalMs } from './playlist-age.ts';

const MODIFIED = Date.parse('Fri, 27 Nov 2026 12:00:00 GMT');

describe('ageAtArrivalMs', () => {
  it('takes the middle of the Last-Modified second as when the playlist was written', () => {
    expect(ageAtArrivalMs(MODIFIED, MODIFIED + 1_700, 2_000)).toBe(1_200);
    expect(ageAtArrivalMs(MODIFIED, MODIFIED + 500, 2_000)).toBe(0);
  });

  it('counts a playlist that arrived with no Last-Modified as fresh', () => {
    expect(ageAtArrivalMs(null, MODIFIED + 1_700, 2_000)).toBe(0);
  });

  it('counts an age below zero (the viewer’s clock behind the server’s) as fresh', () => {
    expect(ageAtArrivalMs(MODIFIED, MODIFIED - 3_000, 2_000)).toBe(0);
  });

  it('takes no age beyond the most a live playlist may have: that clock is not to be trusted', () => {
    expect(ageAtArrivalMs(MODIFIED, MODIFIED + 2_500, 2_000)).toBe(2_000);
    expect(ageAtArrivalMs(MODIFIED, MODIFIED + 2_501, 2_000)).toBe(0);
    expect(ageAtArrivalMs(MODIFIED, MODIFIED + 60_000, 2_000)).toBe(0);
  });
});
