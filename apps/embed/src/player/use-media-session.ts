import type { ChannelInfoV2 } from '@onair/contracts';
import type { PlayerRequester } from './player-requester.ts';
import { useEffect } from 'react';

/**
 * OS media controls where `navigator.mediaSession` exists (media-session.ts, a chunk loaded
 * once the player exists, so it costs the first frame nothing).
 */
export function useMediaSession(requester: PlayerRequester | null, channel: ChannelInfoV2, paused: boolean): void {
  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (!session || !requester) return;
    let disconnect: (() => void) | null = null;
    let active = true;
    void import('./media-session.ts').then(({ connectMediaSession }) => {
      if (active) disconnect = connectMediaSession(session, requester, channel);
    });
    return () => {
      active = false;
      disconnect?.();
    };
  }, [requester, channel]);

  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (session && requester) session.playbackState = paused ? 'paused' : 'playing';
  }, [requester, paused]);
}
