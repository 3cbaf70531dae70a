import type { Frame, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * A stranger's page that speaks the host-page protocol by hand (no SDK): a Watch button
 * creates the embed's iframe (so the visitor's click is the page's user activation, as on a
 * real site), every message the page receives is recorded with its origin, and commands are
 * posted to the embed's origin. What the SDK does, done in the open, so the journeys see the
 * embed's side of the protocol alone.
 */
export function hostApiPage(src: string, allow: string | null): string {
  return `<!doctype html><html lang="en"><title>A stranger's page</title>
<button id="watch" type="button">Watch</button>
<div id="slot"></div>
<script>
  window.received = [];
  window.addEventListener('message', (event) => {
    window.received.push({ origin: event.origin, data: event.data, fromEmbed: event.source === document.getElementById('onair')?.contentWindow });
  });
  document.getElementById('watch').addEventListener('click', () => {
    const frame = document.createElement('iframe');
    frame.id = 'onair';
    frame.title = 'OnAir player';
    frame.width = '640';
    frame.height = '360';
    ${allow === null ? '' : `frame.setAttribute('allow', ${JSON.stringify(allow)});`}
    frame.src = ${JSON.stringify(src)};
    document.getElementById('slot').append(frame);
  });
  window.sendCommand = (command) => {
    const frame = document.getElementById('onair');
    frame.contentWindow.postMessage({ onair: 1, type: 'command', ...command }, new URL(frame.src).origin);
  };
</script></html>`;
}

interface Received {
  origin: string;
  data: { onair?: number; type?: string; event?: string; id?: string; [key: string]: unknown };
  fromEmbed: boolean;
}

/** Every message the host page has received so far. */
export const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Received[] }).received);

/**
 * The events the host page heard from the embed, in order, leaving out telemetry and those
 * named in `without` (e.g. `quality`, whose first report depends on when the stream's rendition
 * was known).
 */
export async function heardEvents(page: Page, without: readonly string[] = []): Promise<string[]> {
  return (await received(page))
    .filter((m) => m.fromEmbed && m.data.onair === 1 && m.data.type === 'event')
    .map((m) => m.data.event!)
    .filter((event) => event !== 'telemetry' && !without.includes(event));
}

/** Sends a command and waits for its reply. */
export async function command(page: Page, id: string, body: Record<string, unknown>): Promise<Received['data']> {
  await page.evaluate(
    ({ id, body }) => (window as unknown as { sendCommand(c: unknown): void }).sendCommand({ id, ...body }),
    {
      id,
      body,
    },
  );
  let reply: Received['data'] | undefined;
  await expect
    .poll(async () => {
      reply = (await received(page)).find((m) => m.fromEmbed && m.data.type === 'reply' && m.data.id === id)?.data;
      return reply !== undefined;
    })
    .toBe(true);
  return reply!;
}

export async function watch(page: Page): Promise<Frame> {
  await page.getByRole('button', { name: 'Watch' }).click();
  const element = page.locator('#onair');
  await expect(element).toBeVisible();
  const frame = await (await element.elementHandle())!.contentFrame();
  if (!frame) throw new Error('the iframe has no frame');
  return frame;
}
