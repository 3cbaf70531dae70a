/**
 * SPEC §5's GPU experiment assignment, apart from experiments.ts: only the GPU module's chunk
 * reads it, and the codec rules beside it are start-up code.
 */
/** The GPU assignment's parts: flags, module and render settings (all optional objects). */
export interface GpuExperimentConfig {
  flags: Record<string, unknown>;
  module: Record<string, unknown>;
  render: Record<string, unknown>;
}

const CONFIG_MARKER = '_config_';

/**
 * SPEC §5: a GPU assignment is a string containing `_config_` followed by base64 JSON with
 * flags, module and render parts. Invalid content is warned about and ignored (null).
 * An assignment without the marker is a plain arm name: no configuration, no warning.
 */
export function parseGpuAssignment(assignment: string, warn: (message: string) => void): GpuExperimentConfig | null {
  const at = assignment.indexOf(CONFIG_MARKER);
  if (at === -1) return null;
  const encoded = assignment.slice(at + CONFIG_MARKER.length);
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeBase64(encoded));
  } catch (error) {
    warn(`Ignoring GPU experiment configuration: not base64 JSON (${(error as Error).message})`);
    return null;
  }
  if (!isRecord(parsed)) {
    warn('Ignoring GPU experiment configuration: not a JSON object');
    return null;
  }
  const parts = ['flags', 'module', 'render'] as const;
  for (const part of parts) {
    if (parsed[part] !== undefined && !isRecord(parsed[part])) {
      warn(`Ignoring GPU experiment configuration: "${part}" must be an object`);
      return null;
    }
  }
  return {
    flags: (parsed.flags as Record<string, unknown> | undefined) ?? {},
    module: (parsed.module as Record<string, unknown> | undefined) ?? {},
    render: (parsed.render as Record<string, unknown> | undefined) ?? {},
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** base64 or base64url, padded or not; throws on anything else. */
function decodeBase64(text: string): string {
  const normalized = text.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (normalized === '' || !/^[A-Za-z0-9+/]*={0,2}$/.test(normalized)) throw new Error('invalid base64');
  const padded = normalized + '='.repeat((4 - (normalized.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
