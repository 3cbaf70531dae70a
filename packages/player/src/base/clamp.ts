/** SPEC §5: volume is clamped to 0..1, playback rate to 0.25..2. Non-numbers become the low bound. */
export function clampVolume(volume: number): number {
  return clamp(volume, 0, 1);
}

export function clampPlaybackRate(rate: number): number {
  return clamp(rate, 0.25, 2);
}

function clamp(value: number, low: number, high: number): number {
  if (Number.isNaN(value)) return low;
  return Math.min(high, Math.max(low, value));
}
