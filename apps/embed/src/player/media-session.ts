import type { ChannelInfoV2 } from '@onair/contracts';
import { mediaSessionMetadata } from './media-session-metadata.ts';
import type { PlayerRequester } from './player-requester.ts';

/**
 * Connects the OS media controls (lock screen, media keys) to the player: the session's
 * metadata, and play/pause handlers (through the same requests as the controls, so a resume
 * from the lock screen after a long pause starts at live too). Live has no seeking, so no seek
 * handlers are offered.
 * Loaded on demand by use-media-session.ts: nothing here is needed for the first frame.
 * Returns the disconnect.
 */
export function connectMediaSession(
  session: MediaSession,
  requester: PlayerRequester,
  channel: ChannelInfoV2,
): () => void {
  if (typeof MediaMetadata === 'function') session.metadata = new MediaMetadata(mediaSessionMetadata(channel));
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => void requester.request({ type: 'play' })],
    ['pause', () => void requester.request({ type: 'pause' })],
  ];
  for (const [action, handler] of handlers) setHandler(session, action, handler);
  return () => {
    for (const [action] of handlers) setHandler(session, action, null);
    session.metadata = null;
  };
}

function setHandler(session: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    session.setActionHandler(action, handler);
  } catch {
    // Browsers throw for actions they do not know; the others still work.
  }
}
