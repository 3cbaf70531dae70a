import { describe, expect, it } from 'vitest';
import { gpuError, GpuErrorCode, gpuErrorName, isGpuErrorCode } from './gpu-errors.ts';

describe('GPU error codes (SPEC §8)', () => {
  it('has every code of the catalogue, negative and distinct', () => {
    const codes = Object.values(GpuErrorCode);
    expect(codes).toHaveLength(24);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toBeLessThanOrEqual(-1000);
    expect(GpuErrorCode).toMatchObject({
      WebGPUNotAvailable: -1000,
      DeviceLost: -1300,
      Canvas: -1400,
      BadParameters: -9999,
    });
  });

  it('names a code and tells GPU codes from others', () => {
    expect(gpuErrorName(-1100)).toBe('Shader');
    expect(gpuErrorName(-42)).toBe('Unknown');
    expect(isGpuErrorCode(-2011)).toBe(true);
    expect(isGpuErrorCode(404)).toBe(false);
  });

  it('makes a fatal error of the gpu source, bad parameters as InvalidParameter', () => {
    expect(gpuError(GpuErrorCode.DeviceLost, 'destroyed')).toEqual({
      type: 'NotSupported',
      code: -1300,
      source: 'gpu',
      message: 'GPU DeviceLost (-1300): destroyed',
      fatal: true,
    });
    expect(gpuError(GpuErrorCode.BadParameters, 'workgroup 0').type).toBe('InvalidParameter');
  });
});
