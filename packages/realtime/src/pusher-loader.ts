import Pusher from 'pusher-js';
import type { RealtimeClientConstructor } from './realtime-store.ts';
import { loadRealtimeClient } from './worker-loader.ts';
import type { LoadRealtimeClientOptions } from './worker-loader.ts';

/**
 * The embed's way in: pusher-js's `worker` build (its isomorphic runtime: fetch-based default
 * authorisation, no JSONP or SockJS; loaded as a separate chunk), with the bundled browser
 * build as the fallback SPEC §7 asks for.
 */
export function loadPusherClient(options: LoadRealtimeClientOptions): Promise<RealtimeClientConstructor> {
  return loadRealtimeClient<RealtimeClientConstructor>(
    () => import('pusher-js/worker').then((module) => module.default),
    Pusher,
    options,
  );
}
