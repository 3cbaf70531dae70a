import type { Frame, Page } from '@playwright/test';
import { settle } from './support/clock.ts';
import { expect, expectPlaybackAdvances, test, waitForPlayback } from './support/fixtures.ts';
import { startHostSite, type HostSite } from './support/host-page.ts';
import { realtimeEventReceived, realtimeSubscribed, subscriptionConfirmed, updateStream } from './support/realtime.ts';

/**
 * Realtime news in step with the picture (issue 35; apps/embed/src/player/pdt-gate.ts): a
 * change of the live stream's category happens on the broadcaster's clock, but this viewer
 * watches behind live, so the embed holds the news until its picture reaches that moment, and
 * only then shows the new category and tells the host page (`stream-updated`). The picture's
 * moment is read independently of the player's PDT mapping: the origin writes an ID3 cue with
 * each 1 s segment's program-date-time (onair:segment), which the host page hears with the
 * frame that carries it (host-sdk-v2.spec.ts measures that).
 */
let host: HostSite;
test.beforeAll(async () => {
  host = await startHostSite();
});
test.afterAll(async () => {
  await host.close();
});

const SLUG = 'radio-room';
const TOPIC = 'channel.109';
const MUSIC = [{ name: 'Music', slug: 'music' }];

function sdkPage(baseURL: string): string {
  return `<!doctype html><html lang="en"><title>A site with the SDK</title>
<div id="player"></div>
<script src="${baseURL}/sdk/onair-embed.js"></script>
<script>
  window.heard = [];
  const player = new OnAir.OnAirPlayer('player', { channel: '${SLUG}', muted: true });
  for (const name of ['metadata', 'stream-updated', 'offline']) {
    player.on(name, (event) => window.heard.push({ ...event, at: performance.timeOrigin + performance.now() }));
  }
</script></html>`;
}

interface Heard {
  event: string;
  at: number;
  description?: string;
  text?: string;
  categories?: string[];
}
const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);

/** The segment cues heard so far, with the PDT each one's frame shows. */
const segmentCues = (events: Heard[]) =>
  events
    .filter((e) => e.event === 'metadata' && e.description === 'onair:segment')
    .map((e) => ({ at: e.at, pdt: Date.parse((JSON.parse(e.text!) as { programDateTime: string }).programDateTime) }));

const video = (frame: Frame) => frame.getByTestId('video');

test('a new category reaches the picture and the host page when the viewer’s frame gets to it', async ({
  page,
  admin,
  baseURL,
}) => {
  const confirmed = subscriptionConfirmed(page, TOPIC);
  const news = realtimeEventReceived(page, 'StreamUpdated');
  host.serve('/in-step', sdkPage(baseURL!));
  await page.goto(`${host.origin}/in-step`);
  const frame = (await (await page.locator('iframe').elementHandle())!.contentFrame())!;
  await waitForPlayback(frame);
  await realtimeSubscribed(frame, confirmed);
  const category = frame.getByTestId('overlay').locator('.player__category');
  await expect(category).toHaveText('Music');
  try {
    // The viewer pauses (the element itself, so that resuming continues from here rather than
    // at the live edge, as a long pause through the controls would) while the stream moves on.
    const pausedAt = await video(frame).evaluate((v: HTMLVideoElement) => {
      v.pause();
      return v.currentTime;
    });
    await expect
      .poll(() => video(frame).evaluate((v: HTMLVideoElement) => v.seekable.end(v.seekable.length - 1)))
      .toBeGreaterThan(pausedAt + 2);

    // The category changes now on the broadcaster's side: the news arrives, the picture is not there yet.
    const at = await updateStream(admin, SLUG, { categories: [{ name: 'Jazz', slug: 'jazz' }] });
    await news;
    await settle(frame.page());
    expect((await heard(page)).filter((e) => e.event === 'stream-updated')).toEqual([]);
    await expect(category).toHaveText('Music');

    await video(frame).evaluate((v: HTMLVideoElement) => v.play());
    await expectPlaybackAdvances(frame, { frames: 10, seconds: 0.5 });
    await expect.poll(async () => (await heard(page)).filter((e) => e.event === 'stream-updated').length).toBe(1);
    await expect(category).toHaveText('Jazz');
    const events = await heard(page);
    const update = events.find((e) => e.event === 'stream-updated')!;
    expect(update.categories).toEqual(['Jazz']);
    // Against the frames' own clock (the segments' cues): every frame up to the change was shown
    // before the host heard it, and none from half a second after it.
    const cues = segmentCues(events);
    const before = cues.filter((c) => c.pdt <= at);
    expect(before.length).toBeGreaterThan(0);
    for (const cue of before) expect(cue.at).toBeLessThan(update.at);
    await expect
      .poll(() => heard(page).then((all) => segmentCues(all).filter((c) => c.pdt >= at + 500).length))
      .toBeGreaterThan(0);
    for (const cue of segmentCues(await heard(page)).filter((c) => c.pdt >= at + 500)) {
      expect(cue.at).toBeGreaterThan(update.at);
    }
    // How far off the picture's moment the host heard it: the last cue before the change, moved
    // on by the PDT between them (the picture plays at rate 1).
    const last = before.at(-1)!;
    console.log(`stream-updated heard ${(update.at - (last.at + (at - last.pdt))).toFixed(1)} ms from its frame`);
  } finally {
    await updateStream(admin, SLUG, { categories: MUSIC });
  }
});
