/**
 * What the soak reads from the embed's page: playback, and the counts a leak shows in (JS heap
 * after a collection, event listeners and DOM nodes from the DevTools protocol, and the
 * page's live timers, counted by an init script since nothing else counts them).
 */
import type { CDPSession, Page } from '@playwright/test';

/** Counts the page's pending timeouts and intervals (not the engine worker's own). */
export const TIMER_PROBE = `(() => {
  const live = new Set();
  const { setTimeout: st, clearTimeout: ct, setInterval: si, clearInterval: ci } = window;
  window.setTimeout = (fn, ms, ...args) => {
    const id = st((...a) => { live.delete(id); if (typeof fn === 'function') fn(...a); }, ms, ...args);
    live.add(id);
    return id;
  };
  window.clearTimeout = (id) => { live.delete(id); ct(id); };
  window.setInterval = (fn, ms, ...args) => { const id = si(fn, ms, ...args); live.add(id); return id; };
  window.clearInterval = (id) => { live.delete(id); ci(id); };
  Object.defineProperty(window, '__soakTimers', { value: () => live.size });
})();`;

export interface Playback {
  mediaS: number;
  frames: number;
  paused: boolean;
}

/** The player's `<video>`, or null on a page without one (the offline page). */
export function playback(page: Page): Promise<Playback | null> {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('video.player__video');
    if (!video) return null;
    return {
      mediaS: video.currentTime,
      frames: video.getVideoPlaybackQuality().totalVideoFrames,
      paused: video.paused,
    };
  });
}

export async function isPlaying(page: Page): Promise<boolean> {
  const first = await playback(page).catch(() => null);
  if (!first || first.paused) return false;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const then = await playback(page).catch(() => null);
  return !!then && then.frames > first.frames && then.mediaS > first.mediaS;
}

/** Polls until the player plays (frames and media time advancing); false after `timeoutMs`. */
export async function untilPlaying(page: Page, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) if (await isPlaying(page)) return true;
  return false;
}

export interface PageCounts {
  heapMiB: number;
  listeners: number;
  nodes: number;
  timers: number;
}

export async function pageCounts(page: Page, cdp: CDPSession): Promise<PageCounts> {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  const timers = await page.evaluate(() => (window as unknown as { __soakTimers(): number }).__soakTimers());
  return { heapMiB: heap.usedSize / 2 ** 20, listeners: dom.jsEventListeners, nodes: dom.nodes, timers };
}
