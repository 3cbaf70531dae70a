import { createViewerSocketContextError } from '@onair/realtime';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { usePublicConfig } from '../config-context.tsx';
import { afterFirstFrame } from '../start-up.ts';
import type { RealtimeConnection } from './realtime-connection.ts';

/** undefined: outside the provider; null: inside, not connected yet (before the first frame). */
const WebSocketContext = createContext<RealtimeConnection | null | undefined>(undefined);

/**
 * Provides the page's realtime connection (Pusher store + viewer websocket), started once
 * after the first frame and kept across route changes.
 */
export function WebSocketProvider({ children }: { children: ReactNode }) {
  const config = usePublicConfig();
  const [connection, setConnection] = useState<RealtimeConnection | null>(null);

  useEffect(() => {
    let cancelled = false;
    let started: RealtimeConnection | null = null;
    // The device-identification request id tags the anonymous session: the viewer token query
    // reads it before each request and the realtime store needs it for private channels. The
    // embed plays (and connects) without it when identification fails.
    let requestId: string | null = null;
    void afterFirstFrame()
      .then(() => import('@onair/identity'))
      .then(({ browserLocalStorage, createDeviceIdentifier }) =>
        createDeviceIdentifier({
          agentUrl: '/device-id/agent.js',
          endpointUrl: '/device-id/identify',
          apiKey: config.deviceIdApiKey,
          storage: browserLocalStorage(),
        }).identify(),
      )
      .then((result) => {
        if (result.ok) requestId = result.requestId;
        started?.store.getState().setRequestId(requestId);
      })
      .catch((error: unknown) => console.warn('Device identification unavailable', error));
    void afterFirstFrame()
      .then(() => import('./realtime-connection.ts'))
      .then((module) => module.startRealtime(config, () => requestId))
      .then((value) => {
        started = value;
        value.store.getState().setRequestId(requestId);
        if (cancelled) value.close();
        else setConnection(value);
      })
      .catch((error: unknown) => console.warn('Realtime is unavailable; the player goes on without it', error));
    return () => {
      cancelled = true;
      started?.close();
    };
  }, [config]);

  return <WebSocketContext.Provider value={connection}>{children}</WebSocketContext.Provider>;
}

/** The realtime connection, or null while it is starting. Throws outside WebSocketProvider. */
export function useRealtimeConnection(): RealtimeConnection | null {
  const value = useContext(WebSocketContext);
  if (value === undefined) throw createViewerSocketContextError();
  return value;
}
