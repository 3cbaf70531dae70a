import type { CodecFamily, CodecPolicy } from '../types/quality.ts';

/** SPEC §3 "Experiment". */
export interface Experiment {
  id: string;
  assignment: string;
  version: number;
  type: string;
}

/** The spec names experiments for HEVC, AV1, GPU and GPU staff but not their ids: ours. */
export const ExperimentId = {
  Hevc: 'player_codec_hevc',
  Av1: 'player_codec_av1',
  Gpu: 'player_gpu',
  GpuStaff: 'player_gpu_staff',
} as const;

const CODEC_EXPERIMENTS: Record<string, CodecFamily> = {
  [ExperimentId.Hevc]: 'hevc',
  [ExperimentId.Av1]: 'av1',
};

/**
 * SPEC §5: codec assignments — control and holdback disable the codec; forceOn skips the
 * platform support check; treatment adds nothing (the normal support check decides).
 * Unknown assignments change nothing.
 */
export function codecPolicyFromExperiments(experiments: readonly Experiment[]): CodecPolicy {
  const disabled = new Set<CodecFamily>();
  const forced = new Set<CodecFamily>();
  for (const experiment of experiments) {
    const family = CODEC_EXPERIMENTS[experiment.id];
    if (!family) continue;
    const assignment = experiment.assignment.trim().toLowerCase();
    if (assignment === 'control' || assignment === 'holdback') disabled.add(family);
    else if (assignment === 'forceon') forced.add(family);
  }
  return { disabled, forced };
}
