import { ErrorCode, type CastStatus, type Player, type PlayerError } from '@onair/player';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

const UNAVAILABLE: CastStatus = { state: 'unavailable', receiver: null };

/** How long a cast failure's notice stays (it says what happened; playback is already back here). */
export const CAST_NOTICE_MS = 6000;

/** Written copy for SPEC §8's cast errors: the engine's words stay in the console. */
export function castErrorCopy(error: PlayerError): string {
  switch (error.message) {
    case 'Chromecast session error':
      return 'The TV did not accept the stream. Playing here instead.';
    case 'Chromecast load media failed':
      return 'The TV could not load the stream. Playing here instead.';
    default:
      return 'Could not connect to the TV. Playing here instead.';
  }
}

/**
 * Casting for the screen: the player's cast status (the button shows unless it is
 * `unavailable`), the viewer's two requests, and the notice a failure leaves for a few seconds.
 */
export function useCast(player: Player | null): {
  status: CastStatus;
  notice: string | null;
  toggle(): void;
} {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!player) return () => {};
      player.on('cast-state-changed', listener);
      return () => player.off('cast-state-changed', listener);
    },
    [player],
  );
  const status = useSyncExternalStore(subscribe, () => player?.getCastStatus() ?? UNAVAILABLE);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!player) return;
    const onError = (error: PlayerError) => {
      // A framework that never loaded is for the console: no button shows, nothing to explain.
      if (error.code === ErrorCode.CastFailed && error.message !== 'Error loading chromecast SDK') {
        setNotice(castErrorCopy(error));
      }
    };
    player.on('error', onError);
    return () => player.off('error', onError);
  }, [player]);

  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), CAST_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const toggle = useCallback(() => {
    if (!player) return;
    if (status.state === 'connected') player.endRemotePlayback();
    else if (status.state === 'available') player.startRemotePlayback();
  }, [player, status.state]);

  return { status, notice, toggle };
}
