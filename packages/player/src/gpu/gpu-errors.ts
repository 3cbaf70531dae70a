import { ErrorType, type PlayerError } from '../types/errors.ts';

/**
 * SPEC §8 GPU error codes, all fatal to the GPU path: any one disables it for the rest of the
 * session and the surface goes back to the plain <video> (never to playback: the video plays on).
 */
export const GpuErrorCode = {
  WebGPUNotAvailable: -1000,
  Adapter: -1001,
  Device: -1002,
  Shader: -1100,
  Pipeline: -1101,
  Sampler: -1102,
  Stream: -1103,
  OutOfMemory: -1200,
  InvalidBuffer: -1201,
  InvalidBufferSize: -1202,
  DeviceLost: -1300,
  TooManyRetries: -1301,
  Canvas: -1400,
  Inference: -1500,
  Fetch: -1600,
  Render: -1700,
  Init: -1800,
  FrameCapture: -1900,
  Performance: -2000,
  LowRenderFramerate: -2001,
  LowCaptureFramerate: -2002,
  TooManyOverBudgetFrames: -2010,
  TooManySkippedFrames: -2011,
  BadParameters: -9999,
} as const;
export type GpuErrorCode = (typeof GpuErrorCode)[keyof typeof GpuErrorCode];

// Built on first use: a module-level Map would keep this file in every bundle that re-exports it.
let names: Map<number, string> | null = null;
const NAMES = () =>
  (names ??= new Map<number, string>(Object.entries(GpuErrorCode).map(([name, code]) => [code, name])));

/** The spec's name of a GPU code (`WebGPUNotAvailable`, `DeviceLost`, …), for logs and analytics. */
export function gpuErrorName(code: number): string {
  return NAMES().get(code) ?? 'Unknown';
}

export function isGpuErrorCode(code: number): code is GpuErrorCode {
  return NAMES().has(code);
}

export type GpuError = PlayerError & { code: GpuErrorCode };

/** A GPU error as the player's errors are: data with a code, fatal to the GPU path only. */
export function gpuError(code: GpuErrorCode, detail: string): GpuError {
  return {
    type: code === GpuErrorCode.BadParameters ? ErrorType.InvalidParameter : ErrorType.NotSupported,
    code,
    source: 'gpu',
    message: `GPU ${gpuErrorName(code)} (${code}): ${detail}`,
    fatal: true,
  };
}
