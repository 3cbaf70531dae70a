import { PlayerState, type Player, type PlayerStateObject } from '@onair/player';
import { useEffect } from 'react';
import { registerInStep } from '../realtime/in-step.ts';
import { afterFirstFrame } from '../start-up.ts';
import type { ShownFrame } from './pdt-gate.ts';

/**
 * The PDT of the frame on screen: the player's last sample (its `syncTime`, read with its
 * `position`) moved on by the media time played since. Null where the stream has no PDT.
 */
export function shownFrame(
  state: Pick<PlayerStateObject, 'syncTime' | 'position' | 'state'>,
  video: Pick<HTMLVideoElement, 'currentTime' | 'paused' | 'playbackRate'>,
): ShownFrame {
  if (!Number.isFinite(state.syncTime)) return { pdt: null, rate: 0 };
  const pdt = state.syncTime + (video.currentTime - state.position) * 1000;
  const moving = !video.paused && state.state === PlayerState.Playing;
  return { pdt, rate: moving ? video.playbackRate : 0 };
}

/**
 * While the channel's player plays, realtime news about it waits for the picture
 * (player/pdt-gate.ts, realtime/in-step.ts). A stall, the end or an error delivers at once:
 * a stream that ended stalls at its last frame, and that is when its end is shown. The gate's
 * code loads after the first frame (news before it has no picture to wait for).
 */
export function useInStep(channelId: number, player: Player | null, video: HTMLVideoElement | null): void {
  useEffect(() => {
    if (!player || !video) return;
    let stop: (() => void) | null = null;
    let active = true;
    void afterFirstFrame()
      .then(() => import('./pdt-gate.ts'))
      .then(({ PdtGate }) => {
        if (!active) return;
        const gate = new PdtGate({
          setTimeout: (callback, ms) => window.setTimeout(callback, ms),
          clearTimeout: (handle) => window.clearTimeout(handle as number),
          now: () => performance.now(),
          shown: () => shownFrame(player.getState(), video),
        });
        const unregister = registerInStep(channelId, gate);
        const unsubscribe = player.subscribe(() => {
          const { state, error } = player.getState();
          if (error || state === PlayerState.Buffering || state === PlayerState.Ended) gate.flush();
          else gate.check();
        });
        stop = () => {
          unsubscribe();
          unregister();
          gate.flush();
        };
      });
    return () => {
      active = false;
      stop?.();
    };
  }, [channelId, player, video]);
}
