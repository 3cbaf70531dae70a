import { httpOrigin } from './embed-frame.ts';

/**
 * Where this SDK was loaded from, which is where the embed lives: a page that includes
 * `<script src="https://player.example/sdk/onair-embed.js">` needs no `origin` option.
 *
 * Read once, while the script runs: `document.currentScript` is set only during a classic
 * script's first run, never later in a constructor. `import.meta.url` covers the SDK served
 * as a native module; the script build (scripts/build-sdk.mjs) defines it away, so a copy
 * bundled into a host's own script asks for `origin` instead of taking the host's.
 */
const loadedFrom: string | null = httpOrigin(
  (typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement
    ? document.currentScript.src
    : '') || import.meta.url,
);

/** The SDK's own http(s) origin, or null where it has none (a bundle served from `file:`). */
export const sdkOrigin = (): string | null => loadedFrom;
