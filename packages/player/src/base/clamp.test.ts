import { describe, expect, it } from 'vitest';
import { clampPlaybackRate, clampVolume } from './clamp.ts';

describe('clamps (SPEC §5)', () => {
  it('keeps volume within 0..1', () => {
    expect(clampVolume(-0.5)).toBe(0);
    expect(clampVolume(0.6)).toBe(0.6);
    expect(clampVolume(3)).toBe(1);
    expect(clampVolume(Number.NaN)).toBe(0);
  });
  it('keeps playback rate within 0.25..2', () => {
    expect(clampPlaybackRate(0.1)).toBe(0.25);
    expect(clampPlaybackRate(1.5)).toBe(1.5);
    expect(clampPlaybackRate(4)).toBe(2);
  });
});
