import type { Page } from '@playwright/test';

/**
 * An oracle for native HLS latency that trusts neither the player nor its service worker. The
 * browser itself reports every request the native player makes (Playwright sees them whether
 * the worker or the network answers), and the origin names its segments by their start in epoch
 * seconds (seg-N.m4s starts at N, 1 s long: the fixture's rule, checked by the engine journeys).
 * Chromium's native HLS lays what it fetches end to end on a timeline of its own, so the oracle
 * ties that timeline to the wall clock itself: once the newest segment the player fetched is
 * appended, the buffer ends at N + 1. A reading taken before that append is a segment ahead, one
 * taken before Playwright heard of the request a segment behind; most are neither, so the oracle
 * takes the median of its last readings.
 */
const SEGMENT = /\/seg-(\d+)\.m4s(?:\?|$)/;
const SEGMENT_SECONDS = 1;
/** Readings the median is taken over. */
const READINGS = 9;

export interface NativeOracle {
  /** Real clock minus the capture time of the frame on screen (s), NaN before a reading. */
  read(): Promise<number>;
  /** The newest segment the native player has fetched, null before one. */
  newestSegment(): number | null;
}

export function watchNativeSegments(page: Page): NativeOracle {
  let newest: number | null = null;
  const offsets: number[] = [];
  // The request, not its end: Playwright hears of a request's end later still.
  page.on('request', (request) => {
    const match = SEGMENT.exec(request.url());
    if (match) newest = Math.max(newest ?? 0, Number(match[1]));
  });
  return {
    newestSegment: () => newest,
    async read() {
      const fetched = newest;
      const sample = await page.locator('video').evaluate((v: HTMLVideoElement) => ({
        now: Date.now() / 1000,
        position: v.currentTime,
        bufferedEnd: v.buffered.length ? v.buffered.end(v.buffered.length - 1) : 0,
      }));
      if (fetched === null || sample.bufferedEnd <= 0) return Number.NaN;
      offsets.push(fetched + SEGMENT_SECONDS - sample.bufferedEnd);
      if (offsets.length > READINGS) offsets.shift();
      return sample.now - (sample.position + median(offsets));
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
