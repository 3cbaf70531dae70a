import { embedAccepts, framingOrigin } from '@onair/embed-sdk/protocol';
import type { Player, PlayerError } from '@onair/player';
import type { PlayerRequester } from '../player/player-requester.ts';
import { readPublicConfig } from '../public-config.ts';
import { HostBridge } from './host-bridge.ts';
import { navigateWithinApp } from './host-navigation.ts';
import { PlayerJsBridge } from './playerjs-bridge.ts';
import { createReadyGate } from './ready-gate.ts';

/** The host-page API of a framed embed: our protocol and player.js, on one player. */
export interface HostApi {
  attach(player: Player, requester: PlayerRequester): () => void;
  /** The error the viewer's screen shows: a stream gone is told only then (player-events.ts heardError). */
  errorShown(error: PlayerError): void;
  setLive(live: boolean): void;
  /** The route shows a screen with no player to come (an error screen): the page may talk now. */
  settled(): void;
  setStreamInfo(title: string, categories: string[]): void;
}

/**
 * The longest a framed embed keeps its host page waiting for `ready` (the SDK gives up on it
 * after 20 s): a route whose loader hangs never settles, and the page may still want to move
 * the frame elsewhere (setChannel) or ask its state.
 */
export const READY_AT_THE_LATEST_MS = 10_000;

/**
 * The bridges on the real page. They talk to the page that framed the embed and to no one
 * else: the framing origin comes from `location.ancestorOrigins` (or the referrer where a
 * browser has no ancestorOrigins), messages are taken only from the parent window at that
 * origin, and posted only to that origin, so a page that frames the embed it was not given
 * learns nothing. An embed that cannot tell who framed it (an opaque origin, no referrer) has
 * no host API. `src`: the URL the frame was loaded with (before any route replaced it).
 */
export function startWindowBridge(win: Window, src: string): HostApi | null {
  const framedBy = framingOrigin(
    win.location.ancestorOrigins ? Array.from(win.location.ancestorOrigins) : undefined,
    win.document.referrer,
  );
  if (!framedBy) return null;
  const listen = (listener: (data: unknown) => void) => {
    const onMessage = (event: MessageEvent) => {
      if (embedAccepts({ origin: event.origin, fromParent: event.source === win.parent }, framedBy)) {
        listener(event.data);
      }
    };
    win.addEventListener('message', onMessage);
    return () => win.removeEventListener('message', onMessage);
  };
  const timers = {
    setInterval: (callback: () => void, ms: number) => win.setInterval(callback, ms),
    clearInterval: (handle: unknown) => win.clearInterval(handle as number),
  };
  const playerJs = new PlayerJsBridge({ post: (text) => win.parent.postMessage(text, framedBy), ...timers }, src);
  listen((data) => playerJs.receive(data));
  const bridge = new HostBridge(
    {
      post: (message) => win.parent.postMessage(message, framedBy),
      listen,
      now: () => win.performance.now(),
      ...timers,
      setConsent(choice) {
        // As the main site's banner would: a choice, applied to analytics (each event asks the
        // store) and monitoring (it watches the store). The store's code is its own chunk.
        const config = readPublicConfig();
        if (!config.ok) return;
        void import('../consent.ts').then(({ consentStore }) =>
          consentStore(config.config).update({ ...choice, userHasMadeChoice: true }),
        );
      },
      navigate(channel, carry) {
        // The embed's own URL parameters kept, the sound and play/pause as they are now.
        const params = new URLSearchParams(win.location.search);
        params.set('muted', String(carry.muted));
        if (carry.playing !== null) params.set('autoplay', String(carry.playing));
        return navigateWithinApp(`/${encodeURIComponent(channel)}?${params.toString()}`);
      },
    },
    channelOf(win.location.pathname),
  );
  // `ready` waits for the route (ready-gate.ts says why).
  const ready = createReadyGate(
    () => {
      bridge.sayReady();
      playerJs.sayReady();
    },
    { setTimeout: (callback, ms) => win.setTimeout(callback, ms), clearTimeout: (h) => win.clearTimeout(h as number) },
    READY_AT_THE_LATEST_MS,
  );
  return {
    attach(player, requester) {
      const detachOurs = bridge.attach(player, requester);
      const detachPlayerJs = playerJs.attach(player, requester);
      ready.settle();
      return () => {
        detachOurs();
        detachPlayerJs();
      };
    },
    errorShown(error) {
      bridge.errorShown(error);
      playerJs.errorShown(error);
      ready.settle();
    },
    setLive(live) {
      bridge.setLive(live);
      if (!live) ready.settle();
    },
    settled: () => ready.settle(),
    setStreamInfo: (title, categories) => bridge.setStreamInfo(title, categories),
  };
}

/** The channel slug of an embed path (`/studio-live`, `/studio-live/offline`). */
function channelOf(pathname: string): string {
  const segment = pathname.split('/')[1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
