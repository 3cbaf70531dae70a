import { createPlayer, type Player, type PlayerStateObject } from '@onair/player';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { announceFirstFrame } from '../start-up.ts';

/** SPEC §4/§9 "Player (page level)": the page starts the player at volume 0.6. */
export const PAGE_DEFAULT_VOLUME = 0.6;

export interface PlayerStart {
  url: string;
  muted: boolean;
  autoplay: boolean;
}

/**
 * One Player per mounted page and URL: created when the playback URL is available, started
 * once (volume 0.6, load, mute if asked, play if autoplay), deleted on unmount.
 */
export function usePlayer(video: HTMLVideoElement | null, start: PlayerStart): Player | null {
  const [player, setPlayer] = useState<Player | null>(null);
  const { url, muted, autoplay } = start;

  useEffect(() => {
    if (!video) return;
    const instance = createPlayer();
    instance.on('error', (error) => console.warn('Player error', error));
    const onFirstFrame = ({ state }: { state: string }) => {
      if (state !== 'Playing') return;
      instance.off('state-changed', onFirstFrame);
      announceFirstFrame();
    };
    instance.on('state-changed', onFirstFrame);
    instance.attachMedia(video);
    instance.setVolume(PAGE_DEFAULT_VOLUME);
    instance.load(url);
    if (muted) instance.setMuted(true);
    if (autoplay) void instance.play();
    // The player is an external resource born in this effect; React learns of it here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPlayer(instance);
    return () => {
      instance.delete();
      setPlayer(null);
    };
  }, [video, url, muted, autoplay]);

  return player;
}

const NO_PLAYER = (): null => null;
const NO_SUBSCRIBE = () => () => {};

/** The player's state for rendering; controls read it, never the <video> element. */
export function usePlayerSnapshot(player: Player | null): PlayerStateObject | null {
  return useSyncExternalStore(player ? player.subscribe : NO_SUBSCRIBE, player ? player.getState : NO_PLAYER);
}
