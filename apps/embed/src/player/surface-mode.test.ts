import { loadPublicConfig } from '@onair/config';
import { describe, expect, it } from 'vitest';
import { playerGpuConfig } from './surface-mode.ts';

describe('playerGpuConfig', () => {
  it('asks for the plain video with the default allow-list and no experiment by default', () => {
    expect(playerGpuConfig(loadPublicConfig({}))).toEqual({
      gpu: { surfaceMode: 'video', module: { vendors: [], architectures: [] } },
      experiments: [],
    });
  });

  it('passes the mode, the allow-list entries and the assignment as the player_gpu experiment', () => {
    const config = loadPublicConfig({
      PUBLIC_GPU_SURFACE_MODE: 'canvas',
      PUBLIC_GPU_ALLOWED_VENDORS: 'google',
      PUBLIC_GPU_ALLOWED_ARCHITECTURES: 'swiftshader',
      PUBLIC_GPU_EXPERIMENT: 'treatment_config_e30=',
    });
    expect(playerGpuConfig(config)).toEqual({
      gpu: { surfaceMode: 'canvas', module: { vendors: ['google'], architectures: ['swiftshader'] } },
      experiments: [{ id: 'player_gpu', assignment: 'treatment_config_e30=', version: 1, type: 'deployment' }],
    });
  });
});
