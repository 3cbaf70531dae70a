import type { GpuSurfaceState, Player } from '@onair/player';
import { useCallback, useSyncExternalStore } from 'react';

const OFF: GpuSurfaceState = {
  mode: 'video',
  status: 'off',
  support: { supported: false, reason: 'not-requested', adapter: null },
  errorCode: null,
  capture: null,
};

/**
 * The GPU surface's state (what to show), and a callback ref for its canvas: the player draws
 * on the canvas once it is in the page, and lets it go when it leaves.
 */
export function useGpuSurface(player: Player | null): {
  state: GpuSurfaceState;
  attachCanvas: (canvas: HTMLCanvasElement | null) => void;
} {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!player) return () => {};
      player.on('gpu-state-changed', listener);
      return () => player.off('gpu-state-changed', listener);
    },
    [player],
  );
  const state = useSyncExternalStore(subscribe, () => player?.getGpuState() ?? OFF);
  const attachCanvas = useCallback((canvas: HTMLCanvasElement | null) => player?.attachGpuCanvas(canvas), [player]);
  return { state, attachCanvas };
}
