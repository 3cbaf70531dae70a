import { describe, expect, it, vi } from 'vitest';
import { codecPolicyFromExperiments, ExperimentId } from './experiments.ts';
import { parseGpuAssignment } from '../gpu/gpu-assignment.ts';

const experiment = (id: string, assignment: string) => ({ id, assignment, version: 1, type: 'player' });
const b64 = (value: unknown) => btoa(JSON.stringify(value));

describe('codec experiments (SPEC §5)', () => {
  it('control and holdback disable, forceOn forces, treatment adds nothing', () => {
    const policy = codecPolicyFromExperiments([
      experiment(ExperimentId.Hevc, 'control'),
      experiment(ExperimentId.Av1, 'forceOn'),
    ]);
    expect([...policy.disabled]).toEqual(['hevc']);
    expect([...policy.forced]).toEqual(['av1']);

    const holdback = codecPolicyFromExperiments([experiment(ExperimentId.Av1, 'holdback')]);
    expect([...holdback.disabled]).toEqual(['av1']);

    const treatment = codecPolicyFromExperiments([experiment(ExperimentId.Hevc, 'treatment')]);
    expect(treatment.disabled.size + treatment.forced.size).toBe(0);
  });

  it('ignores experiments it does not know', () => {
    const policy = codecPolicyFromExperiments([experiment('something_else', 'control')]);
    expect(policy.disabled.size).toBe(0);
  });
});

describe('GPU assignment (SPEC §5)', () => {
  it('parses _config_ followed by base64 JSON with flags, module and render', () => {
    const warn = vi.fn();
    const config = { flags: { upscale: true }, module: { name: 'sr' }, render: { fps: 60 } };
    expect(parseGpuAssignment(`treatment_config_${b64(config)}`, warn)).toEqual(config);
    expect(warn).not.toHaveBeenCalled();
  });

  it('fills missing parts with empty objects and accepts base64url without padding', () => {
    const encoded = b64({ flags: { a: 1 } })
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(parseGpuAssignment(`_config_${encoded}`, vi.fn())).toEqual({ flags: { a: 1 }, module: {}, render: {} });
  });

  it('returns null without a warning for a plain arm name', () => {
    const warn = vi.fn();
    expect(parseGpuAssignment('control', warn)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['not base64', 'x_config_%%%'],
    ['not JSON', `x_config_${btoa('{nope')}`],
    ['not an object', `x_config_${b64([1, 2])}`],
    ['a part that is not an object', `x_config_${b64({ render: 5 })}`],
  ])('warns and ignores %s', (_label, assignment) => {
    const warn = vi.fn();
    expect(parseGpuAssignment(assignment, warn)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });
});
