import { createPlayer, workerEngineSinks, type Player } from '@onair/player';
import engineWorkerUrl from '@onair/player/engine-worker?worker&url';
import tsRemuxerUrl from '@onair/player/ts-remuxer?worker&url';
import subtitleScriptUrl from '@onair/player/subtitle-script?worker&url';
import { adoptEarlyEngine, viewerPausedEarly } from '../lib/early-engine.ts';
import { announceFirstFrame } from '../start-up.ts';
import { playerErrorConsoleDetail } from '../lib/player-error-copy.ts';
import { createStartHolder, type PlayerStart } from './player-start.ts';
import { readPublicConfig } from '../public-config.ts';
import { playerGpuConfig } from './surface-mode.ts';

/** SPEC §4/§9 "Player (page level)": the page starts the player at volume 0.6. */
export const PAGE_DEFAULT_VOLUME = 0.6;

export const PLAYER_START_MARK = 'onair:player-start';
export const PLAYER_ADOPTED_MARK = 'onair:player-adopted';

/** The page's player and the <video> it plays into, which the screen adopts into its DOM. */
export interface PagePlayer {
  player: Player;
  video: HTMLVideoElement;
}

/** The element LivePlayer used to render: same class, test id and inline playback. */
function createVideo(): HTMLVideoElement {
  // The early start's element, showing the early engine's first frame: taken as it is. The
  // player applies the viewer's settings when it attaches it; one the script started playing
  // (muted, as the viewer asked) stays muted throughout, so it is never paused for sound.
  const early = window.__onairStart?.engine?.video;
  if (early) return early;
  const video = document.createElement('video');
  video.className = 'player__video';
  video.playsInline = true;
  video.dataset.testid = 'video';
  return video;
}

/** Back to the screen's layout: the early element waited fixed over the frame (index.html). */
export function unstageVideo(video: HTMLVideoElement): void {
  video.style.removeProperty('position');
  video.style.removeProperty('inset');
}

/** The live-manifest service worker, at the embed origin's root (apps/embed/vite.config.ts builds it). */
const LIVE_MANIFEST_WORKER_URL = '/live-manifest-sw.js';

/**
 * The engine's scripts are the build's (Vite emits them; the early start gets the same URLs,
 * vite.config.ts): the worker, and what it loads only for a stream of MPEG-TS segments
 * (engine/ts/ts-remuxer.ts) or once a subtitle rendition is shown (engine/subtitle-script.ts).
 */
const engineSinks = workerEngineSinks(
  { engine: engineWorkerUrl, tsRemuxer: tsRemuxerUrl, subtitles: subtitleScriptUrl },
  adoptEarlyEngine(window.__onairStart ?? { engine: null }),
);

/** SPEC §7 setClientId: the application playing, as Twitch's Client-ID names an app, not a viewer. */
export const EMBED_CLIENT_ID = 'onair-embed';

/** The page's players now, and the device id once identification answered (setDeviceId). */
const players = new Set<Player>();
let deviceId: string | null = null;

/**
 * Who is watching, on the player's media requests (SPEC §7; docs/player.md "Who is watching"):
 * this app, whether it is framed by another site, the web platform, and the device.
 */
function identify(player: Player): void {
  player.setClientId(EMBED_CLIENT_ID);
  player.setPlayerType(window.top === window ? 'page' : 'embed');
  player.setPlatformName('web');
  if (deviceId) player.setDeviceId(deviceId);
}

/**
 * The device identification's signed request id (packages/identity), the id the viewer token
 * takes too: the origin can check it with the identification service, and the raw visitor id
 * never leaves the page. Identification runs after the first frame, so the players get it late.
 */
export function setPlayersDeviceId(id: string): void {
  deviceId = id;
  for (const player of players) player.setDeviceId(id);
}

/** Starts the player once: volume 0.6, load, mute if asked, play if autoplay. */
function startPagePlayer({ url, muted, autoplay }: PlayerStart): PagePlayer {
  // Start-up timing, read by the journeys and the benchmark: how far ahead of the screen the
  // player starts.
  performance.mark(PLAYER_START_MARK);
  const video = createVideo();
  // A viewer who paused the early element before the app was up (a media key) keeps it paused:
  // autoplay starts playback, it does not override the viewer.
  const pausedByViewer = viewerPausedEarly(window.__onairStart?.engine ?? null);
  // Our engine in a worker: with its MediaSource there too (mse-worker) wherever MediaSource
  // can live in a worker, else on the page (default-media-source); hls.js (mse) loads only for
  // what it declines, or where no worker runs. The worker index.html started for this stream,
  // if any, is adopted rather than started again (lib/early-engine.ts).
  // Where MediaSource is missing (iPhones), native HLS plays through the live-manifest service
  // worker the platform serves beside the embed (low latency, drift correction; docs/player.md).
  // The GPU surface as the deployment configures it (its module loads only for a canvas mode).
  const config = readPublicConfig();
  const player = createPlayer({
    sinks: engineSinks,
    serviceWorker: { url: LIVE_MANIFEST_WORKER_URL },
    ...(config.ok ? playerGpuConfig(config.config) : {}),
    // Casting (SPEC §4): the Cast framework's script where the deployment names one.
    ...(config.ok && config.config.castSdkUrl ? { cast: { sdkUrl: config.config.castSdkUrl } } : {}),
  });
  // The engine's own words are for developers: the console only (the screen shows written copy).
  player.on('error', (error) => console.warn('Player error', playerErrorConsoleDetail(error)));
  // Analytics leave the page as consent allows (consent.ts), from the player's first event on
  // (video-play comes with the first frame, before the screen adopts the player). Consent is
  // not needed for the first frame: its chunk loads on the first event, and events keep their
  // order because they queue on the same import.
  if (config.ok) {
    const publicConfig = config.config;
    player.on('analytics', (event) => {
      import('../consent.ts')
        .then(({ consentStore, sendAnalytics }) => sendAnalytics(consentStore(publicConfig), event))
        // Analytics are best effort: a chunk that did not load loses the event, not the page.
        .catch(() => {});
    });
  }
  const onFirstFrame = ({ state }: { state: string }) => {
    if (state !== 'Playing') return;
    player.off('state-changed', onFirstFrame);
    announceFirstFrame();
  };
  player.on('state-changed', onFirstFrame);
  identify(player);
  players.add(player);
  // Muted before the element is attached, so that attaching never unmutes it for a moment.
  if (muted) player.setMuted(true);
  player.setVolume(PAGE_DEFAULT_VOLUME);
  player.attachMedia(video);
  player.load(url);
  if (autoplay && !pausedByViewer) void player.play();
  return { player, video };
}

/** The page's players, between start (route loader) and adoption (the screen). */
export const pagePlayers = createStartHolder<PagePlayer>({
  create: startPagePlayer,
  destroy: ({ player, video }) => {
    players.delete(player);
    player.delete();
    video.remove();
  },
  later: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
});
