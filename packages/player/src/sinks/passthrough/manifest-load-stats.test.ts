import { describe, expect, it } from 'vitest';
import { ManifestLoadStats } from './manifest-load-stats.ts';
import type { ManifestLoadAnalytics } from '../../live-sw/sw-messages.ts';

const MEDIA: ManifestLoadAnalytics = {
  url: 'https://origin.example/hls/ch/720p/media.m3u8',
  kind: 'media',
  fromCache: false,
  totalMs: 0,
  heldMs: 0,
  delayedMs: 0,
  segments: 5,
  segmentsFromParts: 0,
};

const MULTIVARIANT: ManifestLoadAnalytics = {
  ...MEDIA,
  url: 'https://origin.example/hls/ch/master.m3u8',
  kind: 'multivariant',
  segments: 0,
};

describe('ManifestLoadStats', () => {
  it('has no summary before the worker reported a load', () => {
    expect(new ManifestLoadStats().summary()).toBeNull();
  });

  it('averages the total time over every load and the held time over media loads only', () => {
    const stats = new ManifestLoadStats();
    stats.add({ ...MULTIVARIANT, totalMs: 40 });
    stats.add({ ...MEDIA, totalMs: 1000, heldMs: 900 });
    stats.add({ ...MEDIA, totalMs: 501, heldMs: 401 });
    expect(stats.summary()).toEqual({
      loads: 3,
      fromCache: 0,
      avgTotalMs: 514, // (40 + 1000 + 501) / 3 = 513.67
      avgHeldMs: 651, // (900 + 401) / 2 = 650.5, the multivariant's 0 not counted
      segmentsFromParts: 0,
      firstMediaSegments: 5,
    });
  });

  it('counts the answers from the worker copy', () => {
    const stats = new ManifestLoadStats();
    stats.add({ ...MULTIVARIANT, fromCache: false, totalMs: 30 });
    stats.add({ ...MULTIVARIANT, fromCache: true, totalMs: 2 });
    stats.add({ ...MULTIVARIANT, fromCache: true, totalMs: 1 });
    expect(stats.summary()).toMatchObject({ loads: 3, fromCache: 2, avgTotalMs: 11, avgHeldMs: 0 });
  });

  it('takes the segments answered from parts as the running count the newest report carries', () => {
    const stats = new ManifestLoadStats();
    stats.add({ ...MEDIA, segmentsFromParts: 2 });
    stats.add({ ...MEDIA, segmentsFromParts: 5 });
    expect(stats.summary()?.segmentsFromParts).toBe(5); // not 7: each report is a total
    // A multivariant report carries the count too; an older, lower one does not lower it.
    stats.add({ ...MULTIVARIANT, segmentsFromParts: 4 });
    expect(stats.summary()?.segmentsFromParts).toBe(5);
  });

  it('keeps the segment count of the first media playlist answered, where the native player starts', () => {
    const stats = new ManifestLoadStats();
    stats.add({ ...MULTIVARIANT });
    expect(stats.summary()?.firstMediaSegments).toBeNull();
    stats.add({ ...MEDIA, segments: 2 });
    stats.add({ ...MEDIA, segments: 7 });
    expect(stats.summary()?.firstMediaSegments).toBe(2);
  });
});
