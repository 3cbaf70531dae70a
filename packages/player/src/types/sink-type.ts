/**
 * SPEC §9 "Sink types". Every one is known here, whether or not this build can create it
 * (the registry in the player config says which can):
 * - `mse-worker`: our own LL-HLS engine with MediaSource in a dedicated worker;
 * - `default-media-source`: the same engine in a worker, the MediaSource on the page (where
 *   MediaSource cannot live in a worker);
 * - `mse`: hls.js over MediaSource on the main thread, the compatibility sink for what our
 *   engine declines (MPEG-TS, alternate audio). Not one of the spec's types (its player has
 *   no second engine); the name is kept because pages already ask for it;
 * - `passthrough`: the browser's native HLS, with the live-manifest service worker;
 * - `chromecast`: remote playback on a cast receiver;
 * - `webview`: playback handed to a native host app's player through a WebView bridge. A web
 *   embed never runs inside such an app, so the web build registers no factory for it: it is
 *   never selected, and `setSinkType('webview')` is refused with a clear error
 *   (docs/player.md, "Sinks").
 */
export const SINK_TYPES = [
  'mse-worker',
  'default-media-source',
  'mse',
  'passthrough',
  'chromecast',
  'webview',
] as const;
export type SinkType = (typeof SINK_TYPES)[number];

export function isSinkType(value: unknown): value is SinkType {
  return typeof value === 'string' && (SINK_TYPES as readonly string[]).includes(value);
}
