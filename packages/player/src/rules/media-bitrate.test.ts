import { describe, expect, it } from 'vitest';
import { MediaBitrateMeter } from './media-bitrate.ts';

describe('MediaBitrateMeter', () => {
  it('is 0 before anything was downloaded', () => {
    expect(new MediaBitrateMeter().bitrate()).toBe(0);
  });

  it('divides the bits downloaded by the seconds of media they hold', () => {
    const meter = new MediaBitrateMeter();
    meter.add(25_000, 0.2); // 200 kbit in 0.2 s of media
    meter.add(50_000, 0.2); // 400 kbit
    expect(meter.bitrate()).toBe(1_500_000);
  });

  it('forgets media older than its window, so a quality switch shows within it', () => {
    const meter = new MediaBitrateMeter(1);
    for (let i = 0; i < 5; i++) meter.add(100_000, 0.2); // 4 Mbit/s
    for (let i = 0; i < 5; i++) meter.add(10_000, 0.2); // 400 kbit/s
    expect(meter.bitrate()).toBe(400_000);
  });

  it('ignores empty or durationless samples', () => {
    const meter = new MediaBitrateMeter();
    meter.add(0, 1);
    meter.add(1000, 0);
    meter.add(1000, Number.NaN);
    expect(meter.bitrate()).toBe(0);
  });
});
