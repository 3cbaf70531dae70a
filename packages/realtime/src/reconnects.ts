import type { RealtimeStore } from './realtime-store.ts';

/**
 * Calls `onReconnect` each time the store's connection is back after a drop, never for its first
 * connection: whatever was published meanwhile (a stream that ended or started) was missed, and
 * the caller reconciles by asking again (the embed refetches channel info). Returns the stop.
 */
export function watchReconnects(store: RealtimeStore, onReconnect: () => void): () => void {
  let connected = store.getState().connected;
  let dropped = false;
  return store.subscribe((state) => {
    if (state.connected === connected) return;
    connected = state.connected;
    if (!connected) dropped = true;
    else if (dropped) {
      dropped = false;
      onReconnect();
    }
  });
}
