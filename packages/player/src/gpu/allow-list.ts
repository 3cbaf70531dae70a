/**
 * SPEC §5: a GPU is allowed only if its vendor is in the allow-list (default nvidia) and its
 * architecture is in the allow-list (default ampere, lovelace). Overrides add entries; `*`
 * allows all. Pure: the adapter's `GPUAdapter.info` is read by the module and passed in.
 */
export interface GpuAllowList {
  vendors: readonly string[];
  architectures: readonly string[];
}

export const DEFAULT_GPU_ALLOW_LIST: GpuAllowList = { vendors: ['nvidia'], architectures: ['ampere', 'lovelace'] };

/** The default list with the page's or the experiment's entries added (never removed). */
export function withOverrides(
  overrides: Partial<GpuAllowList> | undefined,
  base = DEFAULT_GPU_ALLOW_LIST,
): GpuAllowList {
  const add = (current: readonly string[], extra: readonly string[] | undefined) => [
    ...new Set([...current, ...(extra ?? []).filter((e) => typeof e === 'string' && e.trim() !== '').map(normal)]),
  ];
  return {
    vendors: add(base.vendors, overrides?.vendors),
    architectures: add(base.architectures, overrides?.architectures),
  };
}

export type GpuVerdict =
  | { allowed: true }
  /** `reason` is what analytics carries as gpu_unsupported_reason. */
  | { allowed: false; reason: 'vendor-not-allowed' | 'architecture-not-allowed' };

const normal = (value: string) => value.trim().toLowerCase();

function listed(list: readonly string[], value: string): boolean {
  return list.includes('*') || list.map(normal).includes(normal(value));
}

/** Whether the path may start on this adapter; an empty vendor or architecture is only allowed by `*`. */
export function checkAllowList(info: { vendor: string; architecture: string }, list: GpuAllowList): GpuVerdict {
  if (!listed(list.vendors, info.vendor)) return { allowed: false, reason: 'vendor-not-allowed' };
  if (!listed(list.architectures, info.architecture)) return { allowed: false, reason: 'architecture-not-allowed' };
  return { allowed: true };
}
