import { useLayoutEffect, useState, type RefObject } from 'react';
import { pagePlayers, PLAYER_ADOPTED_MARK, unstageVideo, type PagePlayer } from './page-player.ts';
import type { PlayerStart } from './player-start.ts';

/**
 * One Player per mounted page and URL. The route loader has usually started it already
 * (page-player.ts); this adopts it, with its <video>, into `slot`, or starts one when none is
 * waiting (another URL, a remount). A layout effect, so adoption is not held back by a paint.
 * Deleted on unmount or when the start changes.
 */
export function usePlayer(slot: RefObject<HTMLElement | null>, start: PlayerStart): PagePlayer | null {
  const [adopted, setAdopted] = useState<PagePlayer | null>(null);
  const { url, muted, autoplay } = start;

  useLayoutEffect(() => {
    const key = { url, muted, autoplay };
    const entry = pagePlayers.acquire(key);
    unstageVideo(entry.video);
    slot.current?.appendChild(entry.video);
    performance.mark(PLAYER_ADOPTED_MARK);
    // The player is an external resource adopted in this effect; React learns of it here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setAdopted(entry);
    return () => {
      // Removed and re-inserted within one task (StrictMode), a playing video does not pause.
      entry.video.remove();
      pagePlayers.release(key, entry);
    };
  }, [slot, url, muted, autoplay]);

  return adopted;
}
