import type { PublicConfig } from '@onair/config';
import {
  createRealtimeStore,
  createViewerSocket,
  loadPusherClient,
  realtimeAuthUrl,
  rearmViewerSocket,
  watchReconnects,
  type RealtimeConnectOptions,
  type RealtimeStore,
  type ViewerSocket,
} from '@onair/realtime';

/**
 * The page's realtime layer: the Pusher-protocol store and the viewer websocket. This module
 * (with pusher-js and partysocket) is imported only after the first frame.
 */
export interface RealtimeConnection {
  store: RealtimeStore;
  viewerSocket: ViewerSocket;
  /**
   * Called each time the realtime connection is back after a drop (what was published meanwhile
   * is lost); returns the unsubscribe. Here, not in the page's hooks: this module loads after
   * the first frame.
   */
  onReconnect(listener: () => void): () => void;
  /** Closes both and stops re-arming the viewer socket. */
  close(): void;
}

/** Where pusher-js connects: the configured Pusher-compatible host, else the provider's cluster. */
export function connectOptions(config: PublicConfig, origin: string): RealtimeConnectOptions {
  const options: RealtimeConnectOptions = {
    key: config.realtimeKey,
    cluster: config.realtimeCluster,
    authUrl: realtimeAuthUrl(config.apiUrl || origin),
  };
  if (!config.realtimeHostUrl) return options;
  const host = new URL(config.realtimeHostUrl);
  const secure = host.protocol === 'https:';
  const port = Number(host.port || (secure ? 443 : 80));
  return {
    ...options,
    wsHost: host.hostname,
    ...(secure ? { wssPort: port } : { wsPort: port }),
    forceTLS: secure,
    // One scheme, the host's: pusher-js otherwise falls back from ws to wss on port 443 after
    // failed attempts (a dropped network), a server that is not there and a connection the
    // embed's CSP refuses.
    enabledTransports: [secure ? 'wss' : 'ws'],
  };
}

export async function startRealtime(
  config: PublicConfig,
  getRequestId: () => string | null,
): Promise<RealtimeConnection> {
  const logger = console;
  const fetchImpl: typeof fetch = (...args) => fetch(...args);
  const Pusher = await loadPusherClient({ logger });
  const store = createRealtimeStore({ Pusher, fetch: fetchImpl, logger });
  store.getState().connect(connectOptions(config, location.origin));

  const viewerSocket = createViewerSocket(
    {
      websocketUrl: config.websocketUrl,
      connectPath: config.viewerWebsocketPath,
      clientToken: config.websocketClientToken,
      getRequestId,
    },
    { fetch: fetchImpl, WebSocket, logger },
  );
  viewerSocket.connect();
  // After its last retry the viewer socket tries again when the browser is online again, the
  // page becomes visible, or every few minutes: a viewer who stays is counted again.
  const stopRearm = rearmViewerSocket(viewerSocket, {
    timers: {
      setInterval: (callback, ms) => setInterval(callback, ms),
      clearInterval: (h) => clearInterval(h as number),
    },
    onOnline: (listener) => {
      window.addEventListener('online', listener);
      return () => window.removeEventListener('online', listener);
    },
    onVisible: (listener) => {
      const onChange = () => document.visibilityState === 'visible' && listener();
      document.addEventListener('visibilitychange', onChange);
      return () => document.removeEventListener('visibilitychange', onChange);
    },
  });
  const reconnectListeners = new Set<() => void>();
  const stopWatching = watchReconnects(store, () => reconnectListeners.forEach((listener) => listener()));
  return {
    store,
    viewerSocket,
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    close() {
      stopWatching();
      stopRearm();
      viewerSocket.close();
      store.getState().disconnect();
    },
  };
}
