import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { storePreferences } from './support/analytics.ts';
import { expect, expectPlaybackAdvances, test, transitionsDone, waitForPlayback } from './support/fixtures.ts';

/**
 * Captions a viewer can use (issue: "Every stream a real packager writes"): `rewind-room`
 * carries WebVTT subtitles in English and German (apps/platform/src/origin/subtitles.ts: one cue
 * per segment naming its sequence number). Our engine fetches only the track shown; the embed
 * has a CC button (and `c`), a Subtitles/CC submenu with each language, and the FCC's caption
 * style settings, kept with the viewer's functional-cookie consent.
 */

const CHANNEL = '/rewind-room?muted=true';

/** The caption line's text. */
async function caption(page: Page): Promise<{ text: string }> {
  return { text: (await page.getByTestId('captions').textContent()) ?? '' };
}

/**
 * How far the cue on the caption line is from the segment playing (the fixture's media time is
 * its sequence number: 1 s segments), in segments; Infinity while no cue of `pattern` shows.
 */
function cueLag(page: Page, pattern: RegExp): Promise<number> {
  return page.evaluate((source) => {
    const text = document.querySelector('[data-testid="captions"]')?.textContent ?? '';
    const match = new RegExp(source).exec(text);
    const video = document.querySelector('video');
    if (!match || !video) return Number.POSITIVE_INFINITY;
    return Math.abs(Number(match[1]) - Math.floor(video.currentTime));
  }, pattern.source);
}

test('captions: the CC button and c, a language from the menu, on time, styled, axe clean', async ({ page }) => {
  const vtt: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.vtt')) vtt.push(new URL(request.url()).pathname);
  });
  await page.goto(CHANNEL);
  await waitForPlayback(page);
  const cc = page.getByRole('button', { name: 'Subtitles/closed captions' });
  await expect(cc).toHaveAttribute('aria-pressed', 'false');
  // Off: nothing is fetched for captions nobody sees.
  expect(vtt).toEqual([]);

  await page.getByTestId('player').focus();
  await page.keyboard.press('c');
  await expect(cc).toHaveAttribute('aria-pressed', 'true');
  // On time: the English cue on the line names the segment playing now (a cue lasts 0.9 s of
  // its 1 s segment). Read at one moment in the page: the origin's own timed captions ("Live
  // caption …", ID3) share the line between cues.
  await expect.poll(() => cueLag(page, /^English caption (\d+)$/), { timeout: 15_000 }).toBeLessThanOrEqual(1);
  expect(vtt.length).toBeGreaterThan(0);
  expect(vtt.every((path) => path.includes('/subs/en/'))).toBe(true);

  // Another language from the menu.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: /Subtitles\/CC/ }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  await expect.poll(async () => (await caption(page)).text, { timeout: 15_000 }).toMatch(/^Deutscher Untertitel \d+$/);

  // Style: yellow text at twice the size.
  const line = page.locator('.player__caption');
  const sizeBefore = await line.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: /Subtitles\/CC/ }).click();
  await page.getByRole('menuitem', { name: /Caption style/ }).click();
  await page.getByRole('menuitem', { name: /Font colour/ }).click();
  await page.getByRole('menuitemradio', { name: 'Yellow' }).click();
  await page.getByRole('menuitem', { name: /Font size/ }).click();
  await page.getByRole('menuitemradio', { name: '200%' }).click();
  await expect(page.getByRole('menuitem', { name: /Font size/ })).toContainText('200%');
  await expect.poll(() => line.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 0)');
  const sizeAfter = await line.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(sizeAfter).toBeCloseTo(sizeBefore * 2, 0);

  // axe with captions on and the caption style menu open, then with the menu closed.
  await transitionsDone(page);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await transitionsDone(page);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // c again: off. No subtitle shows any more and none is fetched (the origin's own timed
  // captions, ID3 "Live caption …", are another thing and keep showing: SPEC §9).
  await page.getByTestId('player').focus();
  await page.keyboard.press('c');
  await expect(cc).toHaveAttribute('aria-pressed', 'false');
  await expectPlaybackAdvances(page, { frames: 30, seconds: 1.5 });
  const fetchedWhenOff = vtt.length;
  await expectPlaybackAdvances(page, { frames: 60, seconds: 3 });
  expect(vtt.length).toBe(fetchedWhenOff);
  expect((await caption(page)).text).not.toMatch(/Untertitel|English caption/);
});

test('caption choices survive a reload with functional cookies allowed, and only then', async ({ page }) => {
  const chooseGermanYellow = async () => {
    await page.goto(CHANNEL);
    await waitForPlayback(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: /Subtitles\/CC/ }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: /Subtitles\/CC/ }).click();
    await page.getByRole('menuitem', { name: /Caption style/ }).click();
    await page.getByRole('menuitem', { name: /Font colour/ }).click();
    await page.getByRole('menuitemradio', { name: 'Yellow' }).click();
    await expect.poll(async () => (await caption(page)).text, { timeout: 15_000 }).toMatch(/^Deutscher/);
  };
  const cc = page.getByRole('button', { name: 'Subtitles/closed captions' });

  // No choice about cookies: the choice holds for this page only.
  await chooseGermanYellow();
  await page.reload();
  await waitForPlayback(page);
  await expect(cc).toHaveAttribute('aria-pressed', 'false');

  // Functional cookies allowed: captions come back on, in German, yellow.
  await storePreferences(page, { functional: true, performance: false, targeting: false });
  await chooseGermanYellow();
  await page.reload();
  await waitForPlayback(page);
  await expect(cc).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await caption(page)).text, { timeout: 15_000 }).toMatch(/^Deutscher Untertitel \d+$/);
  await expect
    .poll(() => page.locator('.player__caption').evaluate((el) => getComputedStyle(el).color))
    .toBe('rgb(255, 255, 0)');
});
