import type { ChannelInfoV2 } from '@onair/contracts';
import type { Player } from '@onair/player';
import { useEffect } from 'react';
import { mediaSessionMetadata } from './media-session-metadata.ts';

/**
 * OS media controls (lock screen, media keys): the session's metadata and play/pause
 * handlers go to the player, where `navigator.mediaSession` exists. Live has no seeking, so
 * no seek handlers are offered.
 */
export function useMediaSession(player: Player | null, channel: ChannelInfoV2, paused: boolean): void {
  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (!session || !player) return;
    if (typeof MediaMetadata === 'function') session.metadata = new MediaMetadata(mediaSessionMetadata(channel));
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void player.play()],
      ['pause', () => player.pause()],
    ];
    for (const [action, handler] of handlers) setHandler(session, action, handler);
    return () => {
      for (const [action] of handlers) setHandler(session, action, null);
      session.metadata = null;
    };
  }, [player, channel]);

  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (session && player) session.playbackState = paused ? 'paused' : 'playing';
  }, [player, paused]);
}

function setHandler(session: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    session.setActionHandler(action, handler);
  } catch {
    // Browsers throw for actions they do not know; the others still work.
  }
}
