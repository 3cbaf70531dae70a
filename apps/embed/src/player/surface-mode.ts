/**
 * SPEC §2/§9 "Surface modes": the plain video element, a GPU canvas, or both for debugging.
 * The canvas path lands in a later issue; until then `canvas` falls back to the video and says
 * so on screen, and `debug_both` shows the video with the same notice (never silently).
 */
export const SurfaceMode = {
  Video: 'video',
  Canvas: 'canvas',
  DebugBoth: 'debug_both',
} as const;
export type SurfaceMode = (typeof SurfaceMode)[keyof typeof SurfaceMode];

/** The mode the embed ships with; change it here (or pass `surfaceMode` to LivePlayer) to try another. */
export const DEFAULT_SURFACE_MODE: SurfaceMode = SurfaceMode.Video;

export const CANVAS_UNAVAILABLE_NOTICE = 'The canvas surface is not available yet: showing the video instead.';

export interface SurfacePlan {
  /** The video element is always the one presenting frames for now. */
  showVideo: true;
  /** A visible notice, or null for plain video. */
  notice: string | null;
}

export function surfacePlan(mode: SurfaceMode): SurfacePlan {
  return { showVideo: true, notice: mode === SurfaceMode.Video ? null : CANVAS_UNAVAILABLE_NOTICE };
}
