import type { Page, Route } from '@playwright/test';
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A bare page with one <video> and the player engine, served at the platform's origin by
 * intercepting one path, so engine journeys test the package itself (not the embed) against
 * the real platform. The bundle is built once per worker with esbuild (Vite's own).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let bundle: Promise<string> | null = null;

function playerBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(root, 'packages/player/src/index.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'OnAirPlayer',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}

const LAB_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>player lab</title>
<style>html,body{margin:0;background:#000}video{width:640px;height:360px}</style></head>
<body><video playsinline></video><script src="/__player-lab/player.js"></script></body></html>`;

export const LAB_PATH = '/__player-lab/index.html';

export async function openLab(page: Page): Promise<void> {
  const js = await playerBundle();
  await page.route('**/__player-lab/**', (route: Route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('/player.js')) return route.fulfill({ body: js, contentType: 'text/javascript' });
    return route.fulfill({ body: LAB_HTML, contentType: 'text/html' });
  });
  await page.goto(LAB_PATH);
}

/** What the lab page records: every player event, in order. */
export interface LabEvent {
  type: string;
  payload: unknown;
  at: number;
}

/**
 * Creates a player in the lab page (config must be JSON), attaches the video, records every
 * event into `window.labEvents`, and loads `url` (relative to the platform).
 */
export async function startPlayer(
  page: Page,
  url: string,
  options: { config?: Record<string, unknown>; play?: boolean; muted?: boolean } = {},
): Promise<void> {
  await page.evaluate(
    ({ url, config, play, muted }) => {
      const w = window as unknown as Record<string, any>;
      const api = w.OnAirPlayer;
      const player = api.createPlayer(config);
      const events: { type: string; payload: unknown; at: number }[] = [];
      for (const type of Object.values(api.PlayerEventType) as string[]) {
        player.on(type, (payload: unknown) => events.push({ type, payload, at: Date.now() }));
      }
      w.player = player;
      w.labEvents = events;
      player.attachMedia(document.querySelector('video'));
      if (muted) player.setMuted(true);
      player.load(new URL(url, location.href).href);
      if (play) void player.play();
    },
    { url, config: options.config ?? {}, play: options.play ?? true, muted: options.muted ?? false },
  );
}

export function labEvents(page: Page, type?: string): Promise<LabEvent[]> {
  return page.evaluate(
    (type) =>
      ((window as unknown as { labEvents: LabEvent[] }).labEvents ?? []).filter((e) => !type || e.type === type),
    type,
  );
}

/** Reads a field of the player's state object. */
export function playerState<T = unknown>(page: Page, key: string): Promise<T> {
  return page.evaluate(
    (key) => (window as unknown as { player: { getState(): Record<string, unknown> } }).player.getState()[key],
    key,
  ) as Promise<T>;
}
