import type { PublicConfig } from '@onair/config';
import {
  createRealtimeStore,
  createViewerSocket,
  loadPusherClient,
  realtimeAuthUrl,
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
    enabledTransports: ['ws', 'wss'],
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
  return { store, viewerSocket };
}
