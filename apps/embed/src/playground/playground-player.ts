import {
  createPlayer,
  defaultMediaSourceSinkFactory,
  engineWorkerStarter,
  mseWorkerSinkFactory,
  type Player,
} from '@onair/player';
import engineWorkerUrl from '@onair/player/engine-worker?worker&url';
import tsRemuxerUrl from '@onair/player/ts-remuxer?worker&url';
import subtitleScriptUrl from '@onair/player/subtitle-script?worker&url';
import { isSameOrigin } from './stream-url.ts';

/**
 * The sinks a web page can choose by name (SPEC §9 "Sink types"): our engine in a worker with
 * its MediaSource there (`mse-worker`) or on the page (`default-media-source`), hls.js (`mse`)
 * and the browser's own HLS (`passthrough`). `auto` lets the player pick, as the embed does.
 * Casting and `webview` are not choices a page makes up front.
 */
export const PLAYGROUND_SINKS = ['auto', 'mse-worker', 'default-media-source', 'mse', 'passthrough'] as const;
export type PlaygroundSink = (typeof PLAYGROUND_SINKS)[number];

/** What the form asks the player for: the low-latency settings are the Player API's own. */
export interface PlaygroundSettings {
  url: string;
  sink: PlaygroundSink;
  /** setLiveLowLatencyEnabled. */
  lowLatency: boolean;
  /** setLiveMaxLatency in seconds; null leaves the player's default (no limit). */
  maxLatency: number | null;
}

/** The live-manifest service worker the platform serves at the root, beside the embed. */
const LIVE_MANIFEST_WORKER_URL = '/live-manifest-sw.js';

let engineBlobUrl: Promise<string> | null = null;

/**
 * The engine worker's script as a blob: URL, fetched once per page. Why not its URL: a worker
 * takes the Content-Security-Policy of its own script, and the platform serves the engine's
 * scripts with the embed's reach (its own origin and the configured services,
 * workerContentSecurityPolicy), so a worker started from there is refused a stream of any
 * other origin, which is the point of the embed's policy. A blob: worker takes the policy of
 * the page that made it instead: the playground's, which lets any stream in
 * (playgroundContentSecurityPolicy). So the playground plays any URL, and the engine's script
 * URLs keep their narrow policy for every other page of the origin. The worker's on-demand
 * scripts are still loaded by URL: a blob: worker's origin is the page's, so the engine's
 * same-origin check on them holds, and the page's `script-src 'self'` allows them.
 */
function engineScriptUrl(): Promise<string> {
  engineBlobUrl ??= fetch(engineWorkerUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`engine worker: HTTP ${response.status}`);
      return response.blob();
    })
    .then((script) => URL.createObjectURL(new Blob([script], { type: 'text/javascript' })))
    .catch((error: unknown) => {
      // A later Load tries again rather than keeping the failure for the page's life.
      engineBlobUrl = null;
      throw error;
    });
  return engineBlobUrl;
}

/**
 * A player for `settings`, playing into `video`: muted, since a browser plays muted video
 * without a gesture and the playground is for looking. `watch` is called before anything
 * happens, so its listeners hear every event. Rejects only when the engine's script could not
 * be had; everything after that is the player's events.
 */
export async function startPlaygroundPlayer(
  settings: PlaygroundSettings,
  video: HTMLVideoElement,
  watch: (player: Player) => void,
): Promise<Player> {
  const start = engineWorkerStarter({
    engine: await engineScriptUrl(),
    tsRemuxer: tsRemuxerUrl,
    subtitles: subtitleScriptUrl,
  });
  const player = createPlayer({
    ...(settings.sink === 'auto' ? {} : { sink: settings.sink }),
    sinks: { 'mse-worker': mseWorkerSinkFactory(start), 'default-media-source': defaultMediaSourceSinkFactory(start) },
    // The live-manifest worker fetches the stream itself, under the policy of its own script
    // (the embed's reach): it can only help a stream of this origin. Elsewhere `passthrough`
    // is the browser's HLS alone.
    ...(isSameOrigin(settings.url, location.origin) ? { serviceWorker: { url: LIVE_MANIFEST_WORKER_URL } } : {}),
  });
  watch(player);
  player.setMuted(true);
  player.setLiveLowLatencyEnabled(settings.lowLatency);
  if (settings.maxLatency !== null) player.setLiveMaxLatency(settings.maxLatency);
  player.attachMedia(video);
  player.load(settings.url);
  void player.play();
  return player;
}
