import type { ChannelInfoV2 } from '@onair/contracts';
import type { Player } from '@onair/player';
import { useEffect } from 'react';

/**
 * OS media controls where `navigator.mediaSession` exists (media-session.ts, a chunk loaded
 * once the player exists, so it costs the first frame nothing).
 */
export function useMediaSession(player: Player | null, channel: ChannelInfoV2, paused: boolean): void {
  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (!session || !player) return;
    let disconnect: (() => void) | null = null;
    let active = true;
    void import('./media-session.ts').then(({ connectMediaSession }) => {
      if (active) disconnect = connectMediaSession(session, player, channel);
    });
    return () => {
      active = false;
      disconnect?.();
    };
  }, [player, channel]);

  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (session && player) session.playbackState = paused ? 'paused' : 'playing';
  }, [player, paused]);
}
