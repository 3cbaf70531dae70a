import { createViewerSocketContextError } from '@onair/realtime';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { usePublicConfig } from '../config-context.tsx';
import { afterFirstFrame } from '../start-up.ts';
import { setPlayersDeviceId } from '../player/page-player.ts';
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
    const identification = afterFirstFrame()
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
        // The player's media requests name the device too (SPEC §7 setDeviceId).
        if (requestId) setPlayersDeviceId(requestId);
      })
      .catch((error: unknown) => console.warn('Device identification unavailable', error));
    // Realtime starts once identification has settled (IDENTIFY_WAIT_MS at most), so the viewer
    // token call carries the signed request id that counts this device as one viewer; a token
    // asked for before it (seen on a busy machine) went without one and was not counted.
    const identifiedOrLate = Promise.race([
      identification,
      afterFirstFrame().then(() => new Promise((resolve) => setTimeout(resolve, IDENTIFY_WAIT_MS))),
    ]);
    void identifiedOrLate
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
/** How long realtime waits for device identification before it connects without a request id. */
const IDENTIFY_WAIT_MS = 5000;

export function useRealtimeConnection(): RealtimeConnection | null {
  const value = useContext(WebSocketContext);
  if (value === undefined) throw createViewerSocketContextError();
  return value;
}
