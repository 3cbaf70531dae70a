import { ConfigError, invalidEnvError, issuesFromZod } from './config-error.ts';
import { publicEnvSchema, toPublicConfig } from './public-config.ts';
import type { PublicConfig } from './public-config.ts';
import { SERVER_ENV_KEYS } from './server-env-keys.ts';

/**
 * Validates the public settings once and returns the frozen typed view. Unknown keys are
 * ignored (a deployment's environment holds much more than ours); a key that is present but
 * wrong is an error, never silently replaced by its default.
 */
export function loadPublicConfig(raw: Record<string, unknown>): PublicConfig {
  const result = publicEnvSchema.safeParse(raw);
  if (!result.success) throw invalidEnvError(issuesFromZod(result.error));
  return toPublicConfig(result.data);
}

export type PublicConfigResult =
  { readonly ok: true; readonly config: PublicConfig } | { readonly ok: false; readonly error: ConfigError };

/**
 * For configuration the platform hands the embed as JSON (inlined in the page or served at an
 * endpoint). Never throws: the page decides how to show a misconfigured embed.
 *
 * A server-only key in this JSON means the platform serialised the wrong object and a secret
 * is already in the page; refusing it makes that bug visible on the first load.
 */
export function parsePublicConfigJson(text: string): PublicConfigResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return fail(new ConfigError('malformed_json', `Public configuration is not valid JSON: ${reason}`));
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return fail(new ConfigError('not_an_object', 'Public configuration must be a JSON object'));
  }
  const record = parsed as Record<string, unknown>;
  const exposed = SERVER_ENV_KEYS.filter((key) => Object.hasOwn(record, key));
  if (exposed.length > 0) {
    return fail(
      new ConfigError(
        'server_only_key_exposed',
        `Public configuration contains server-only keys: ${exposed.join(', ')}`,
        exposed.map((key) => ({ key, message: 'server-only; must not reach the browser' })),
      ),
    );
  }
  try {
    return { ok: true, config: loadPublicConfig(record) };
  } catch (error) {
    if (error instanceof ConfigError) return fail(error);
    throw error;
  }
}

function fail(error: ConfigError): PublicConfigResult {
  return { ok: false, error };
}
