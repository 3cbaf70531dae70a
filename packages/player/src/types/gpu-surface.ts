/**
 * What the player knows of the GPU path without loading it (the module is a chunk of its own,
 * fetched only for a canvas surface): the surface modes, what init found, and the fields SPEC §7
 * adds to video-play and minute-watched.
 */

/** SPEC §2 surface modes: the plain <video>, the GPU canvas, or both side by side (debugging). */
export const SurfaceMode = {
  Video: 'video',
  Canvas: 'canvas',
  DebugBoth: 'debug_both',
} as const;
export type SurfaceMode = (typeof SurfaceMode)[keyof typeof SurfaceMode];

export function isSurfaceMode(value: unknown): value is SurfaceMode {
  return value === SurfaceMode.Video || value === SurfaceMode.Canvas || value === SurfaceMode.DebugBoth;
}

/** GPUAdapter.info, as analytics reports it. */
export interface GpuAdapterDetails {
  vendor: string;
  architecture: string;
  device: string;
  description: string;
}

/**
 * What init found. `reason` (gpu_unsupported_reason) is `not-requested` while the surface is
 * plain video (the adapter is never asked for then: on some systems that alone starts a GPU
 * process, a cost every viewer would pay), `vendor-not-allowed` / `architecture-not-allowed`
 * for the allow-list, or the SPEC §8 name of the error that disabled the path
 * (`WebGPUNotAvailable`, `DeviceLost`, `LowRenderFramerate`, …).
 */
export interface GpuSupport {
  supported: boolean;
  reason: string | null;
  adapter: GpuAdapterDetails | null;
}

export const GPU_NOT_REQUESTED: GpuSupport = { supported: false, reason: 'not-requested', adapter: null };

/**
 * The GPU surface as the page sees it: `status` says what shows. The canvas is shown only while
 * `presenting` (it has drawn a frame and nothing failed); in every other status the video is
 * what the viewer sees.
 */
export interface GpuSurfaceState {
  mode: SurfaceMode;
  status: 'off' | 'starting' | 'presenting' | 'unsupported' | 'failed';
  support: GpuSupport;
  /** The SPEC §8 code that disabled the path, or null. */
  errorCode: number | null;
  capture: 'external' | 'bitmap' | null;
}

/** SPEC §7: the fields video-play and minute-watched carry. */
export function gpuAnalyticsFields(support: GpuSupport): Record<string, string | boolean | null> {
  return {
    gpu_supported: support.supported,
    gpu_unsupported_reason: support.supported ? null : support.reason,
    gpu_vendor: support.adapter?.vendor ?? null,
    gpu_architecture: support.adapter?.architecture ?? null,
    gpu_device: support.adapter?.device ?? null,
    gpu_description: support.adapter?.description ?? null,
  };
}
