/**
 * What a stack trace says about where an error came from. Stacks are plain text in every
 * browser's own format (Chromium "at f (url:1:2)", Firefox/Safari "f@url:1:2"), so these checks
 * look for URLs inside the text instead of parsing frames.
 */

/** Browser-extension URL schemes. Any frame from one means an extension took part: not our bug. */
export const EXTENSION_SCHEMES: readonly string[] = [
  'chrome-extension://',
  'moz-extension://',
  'safari-extension://',
  'safari-web-extension://',
  'ms-browser-extension://',
];

/**
 * Sites whose scripts stream-viewer extensions inject into player pages (emote and chat
 * add-ons). Their errors reach us with https:// frames, so the scheme check misses them.
 * Subdomains match too. Extend the list when the intake shows new noise.
 */
export const VIDEO_EXTENSION_SITES: readonly string[] = ['7tv.app', '7tv.io', 'betterttv.net', 'frankerfacez.com'];

export function hasExtensionFrame(stack: string): boolean {
  return EXTENSION_SCHEMES.some((scheme) => stack.includes(scheme));
}

export function hasVideoExtensionSiteFrame(stack: string): boolean {
  return hostsIn(stack).some((host) =>
    VIDEO_EXTENSION_SITES.some((site) => host === site || host.endsWith(`.${site}`)),
  );
}

/**
 * True when some frame is served from one of `origins`. The origin must be followed by '/', so
 * 'https://onair.example' does not vouch for 'https://onair.example.evil.test/x.js'.
 */
export function mentionsOrigin(stack: string, origins: readonly string[]): boolean {
  return origins.some((origin) => origin !== '' && stack.includes(`${origin.replace(/\/+$/, '')}/`));
}

function hostsIn(stack: string): string[] {
  const hosts: string[] = [];
  for (const match of stack.matchAll(/[a-z][a-z0-9+.-]*:\/\/([^/\s:)@]+)/gi)) {
    const host = match[1];
    if (host !== undefined) hosts.push(host.toLowerCase());
  }
  return hosts;
}
