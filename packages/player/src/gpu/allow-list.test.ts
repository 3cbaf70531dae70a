import { describe, expect, it } from 'vitest';
import { checkAllowList, DEFAULT_GPU_ALLOW_LIST, withOverrides } from './allow-list.ts';

describe('GPU allow-list (SPEC §5)', () => {
  it('allows nvidia ampere and lovelace by default, and nothing else', () => {
    expect(checkAllowList({ vendor: 'nvidia', architecture: 'ampere' }, DEFAULT_GPU_ALLOW_LIST)).toEqual({
      allowed: true,
    });
    expect(checkAllowList({ vendor: 'NVIDIA', architecture: 'Lovelace' }, DEFAULT_GPU_ALLOW_LIST)).toEqual({
      allowed: true,
    });
    expect(checkAllowList({ vendor: 'nvidia', architecture: 'turing' }, DEFAULT_GPU_ALLOW_LIST)).toEqual({
      allowed: false,
      reason: 'architecture-not-allowed',
    });
    // SwiftShader, Chromium's CPU adapter on this machine.
    expect(checkAllowList({ vendor: 'google', architecture: 'swiftshader' }, DEFAULT_GPU_ALLOW_LIST)).toEqual({
      allowed: false,
      reason: 'vendor-not-allowed',
    });
  });

  it('adds override entries without removing the defaults', () => {
    const list = withOverrides({ vendors: ['google'], architectures: ['SwiftShader'] });
    expect(list).toEqual({ vendors: ['nvidia', 'google'], architectures: ['ampere', 'lovelace', 'swiftshader'] });
    expect(checkAllowList({ vendor: 'google', architecture: 'swiftshader' }, list)).toEqual({ allowed: true });
    expect(checkAllowList({ vendor: 'nvidia', architecture: 'ampere' }, list)).toEqual({ allowed: true });
  });

  it('lets * allow every vendor or every architecture', () => {
    const anyArchitecture = withOverrides({ architectures: ['*'] });
    expect(checkAllowList({ vendor: 'nvidia', architecture: 'hopper' }, anyArchitecture)).toEqual({ allowed: true });
    expect(checkAllowList({ vendor: 'amd', architecture: 'rdna3' }, anyArchitecture)).toEqual({
      allowed: false,
      reason: 'vendor-not-allowed',
    });
    const all = withOverrides({ vendors: ['*'], architectures: ['*'] });
    expect(checkAllowList({ vendor: '', architecture: '' }, all)).toEqual({ allowed: true });
  });

  it('ignores override entries that are not names', () => {
    const list = withOverrides({ vendors: ['', '  ', 42 as unknown as string] });
    expect(list.vendors).toEqual(['nvidia']);
  });

  it('allows an adapter that names no vendor only through *', () => {
    expect(checkAllowList({ vendor: '', architecture: 'ampere' }, DEFAULT_GPU_ALLOW_LIST)).toEqual({
      allowed: false,
      reason: 'vendor-not-allowed',
    });
  });
});
