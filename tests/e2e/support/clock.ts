import type { Page } from '@playwright/test';

/**
 * The page's clock for journeys about the embed's own delays (tooltips, debounce, captions):
 * `page.clock.install()` before navigation lets the page load and play on a clock that flows
 * like the real one; `freezeClock` then stops it, and from there page time (setTimeout, Date,
 * performance.now, requestAnimationFrame) moves only by `page.clock.runFor`. A delay is then
 * exactly what the test advances, however busy the machine; media playback, network and input
 * are not the page clock's and carry on.
 */
export async function freezeClock(page: Page): Promise<void> {
  // pauseAt wants an absolute time and refuses one in the past. The page's "now" plus a second
  // is ahead of the clock unless the round trip took longer than that; then the clock is
  // already paused (pauseAt pauses before it jumps), and the next try cannot miss.
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 1_000);
      return;
    } catch (error) {
      if (!/past/i.test(String(error))) throw error;
    }
  }
}

/**
 * Lets the page finish what a runFor or an input set going before a test asserts that
 * something did NOT happen. React renders state set in a timer from a task it posts with a
 * MessageChannel, which the page clock does not hold: a few message round trips queue behind
 * it, so an early render cannot slip in after the assertion.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        let rounds = 0;
        channel.port1.onmessage = () => {
          rounds += 1;
          if (rounds < 3) channel.port2.postMessage(null);
          else {
            channel.port1.close();
            resolve();
          }
        };
        channel.port2.postMessage(null);
      }),
  );
}
