import type { Page, Route } from '@playwright/test';
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A bare page at the platform's origin with `@onair/identity` bundled in (from its source, as
 * player-lab.ts does for the engine), so journeys run the adapter itself in Chromium with the
 * real `window.localStorage` and the native dynamic import of the first-party agent.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let bundle: Promise<string> | null = null;

function identityBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(root, 'packages/identity/src/index.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'OnAirIdentity',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}

/** Options of `identify` in the lab: the adapter's, JSON only; the page supplies storage, import and logger. */
export interface LabIdentifyOptions {
  apiKey?: string;
  timeoutMs?: number;
  cacheSeconds?: number;
}

export interface LabLog {
  level: 'error' | 'warn' | 'info';
  message: string;
}

/** `labIdentify` creates an identifier the way the embed would and records what it logs into `labLogs`. */
const LAB_SCRIPT = `
window.labLogs = [];
window.labIdentify = function (options) {
  var api = window.OnAirIdentity;
  var logger = {};
  ['error', 'warn', 'info'].forEach(function (level) {
    logger[level] = function (message, detail) {
      window.labLogs.push({ level: level, message: message });
      console[level](message, detail);
    };
  });
  var settings = Object.assign(
    { agentUrl: '/device-id/agent.js', endpointUrl: '/device-id/identify', apiKey: 'onair-local-device-key' },
    options || {},
    { storage: api.browserLocalStorage(logger), logger: logger }
  );
  return api.createDeviceIdentifier(settings).identify();
};
`;

const LAB_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>identity lab</title></head>
<body><script src="/__identity-lab/identity.js"></script><script>${LAB_SCRIPT}</script></body></html>`;

export const IDENTITY_LAB_PATH = '/__identity-lab/index.html';

export async function openIdentityLab(page: Page): Promise<void> {
  const js = await identityBundle();
  await page.route('**/__identity-lab/**', (route: Route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('/identity.js')) return route.fulfill({ body: js, contentType: 'text/javascript' });
    return route.fulfill({ body: LAB_HTML, contentType: 'text/html' });
  });
  await page.goto(IDENTITY_LAB_PATH);
}

/** Runs `identify()` in the page; what it resolves with, as JSON. */
export function labIdentify(page: Page, options: LabIdentifyOptions = {}): Promise<Record<string, unknown>> {
  return page.evaluate(
    (options) =>
      (window as unknown as { labIdentify(o: LabIdentifyOptions): Promise<Record<string, unknown>> }).labIdentify(
        options,
      ),
    options,
  );
}

export function labLogs(page: Page): Promise<LabLog[]> {
  return page.evaluate(() => (window as unknown as { labLogs: LabLog[] }).labLogs);
}
