import { createPresence } from '@onair/realtime';
import { useEffect } from 'react';
import { useRealtimeConnection } from './websocket-provider.tsx';

/**
 * SPEC §4 "Channel realtime presence": while the viewer watches, a channel_handshake every
 * 15 s; channel_disconnect when leaving (route change, unmount, or the page going away).
 */
export function usePresence(channelId: number, watching: boolean): void {
  const connection = useRealtimeConnection();
  useEffect(() => {
    if (!connection || !watching) return;
    const presence = createPresence({ socket: connection.viewerSocket, channelId });
    const onPageHide = () => presence.stop();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      presence.stop();
    };
  }, [connection, channelId, watching]);
}
