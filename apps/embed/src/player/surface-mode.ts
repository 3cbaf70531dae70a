import type { PublicConfig } from '@onair/config';
import { ExperimentId, type PlayerConfig } from '@onair/player';

/**
 * SPEC §2/§5: the GPU surface as the deployment configures it, in the player's terms. The
 * public configuration names the mode and the allow-list entries; its GPU experiment
 * assignment (`PUBLIC_GPU_EXPERIMENT`) reaches the player as the `player_gpu` experiment, whose
 * flags, module and render parts win over them (the player's gpu-options.ts).
 */
export function playerGpuConfig(config: PublicConfig): Pick<PlayerConfig, 'gpu' | 'experiments'> {
  const gpu = {
    surfaceMode: config.gpuSurfaceMode,
    module: { vendors: [...config.gpuAllowedVendors], architectures: [...config.gpuAllowedArchitectures] },
  };
  const assignment = config.gpuExperiment;
  const experiments = assignment ? [{ id: ExperimentId.Gpu, assignment, version: 1, type: 'deployment' }] : [];
  return { gpu, experiments };
}
