import { z } from './zod.ts';
import { invalidEnvError, issuesFromZod } from './config-error.ts';
import { SERVER_ENV_KEYS, type ServerEnvKey } from './server-env-keys.ts';

/** Set, and not blank: `" "` is a mistake, never a secret (nor a reason to use a default). */
const secret = z.string().check(z.regex(/\S/, 'must be a non-blank string (not empty, not only whitespace)'));

/**
 * Settings that must never reach a browser: no `PUBLIC_` prefix, no defaults (a default secret
 * is a known secret), validated when first read on the server.
 */
export const serverEnvSchema = z.object({
  /** Signs private realtime channel authorisations (HMAC, as the realtime protocol defines). */
  REALTIME_APP_ID: secret,
  REALTIME_APP_SECRET: secret,
  /** Signs the viewer tokens handed out by /viewer/v1/token. */
  VIEWER_TOKEN_SECRET: secret,
  /** Derives visitor ids from device cookies (HMAC), so an id cannot be guessed from a cookie. */
  DEVICE_ID_SECRET: secret,
  /**
   * The bearer the platform's testing hooks (`/admin/...`) ask for, when they are on: long enough
   * not to be guessed. Optional: the hooks are off unless a deployment turns them on.
   */
  ADMIN_TOKEN: z.optional(
    z
      .string()
      .check(
        z.minLength(24, 'must be at least 24 characters'),
        z.regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
      ),
  ),
  /** The server's own monitoring token, used when the intake forwards to the provider. */
  MONITORING_SERVER_CLIENT_TOKEN: z.pipe(
    z.optional(z.string()),
    z.transform((value: string | undefined) => (value === '' ? undefined : value)),
  ),
});
export type ServerConfig = z.output<typeof serverEnvSchema>;
export { SERVER_ENV_KEYS, type ServerEnvKey };

export interface ServerConfigOptions {
  /** Where the values come from, read lazily (e.g. `() => process.env`). */
  readonly source: () => Record<string, unknown>;
  /** Injected so tests and workers can say where they run. */
  readonly isBrowser?: () => boolean;
}

export const defaultIsBrowser = (): boolean => typeof (globalThis as { window?: unknown }).window !== 'undefined';

/**
 * SPEC §8 'Server-only variable read on the client': every property is a getter that throws
 * in the browser, so a stray import fails at the read rather than leaking `undefined` or, worse,
 * a bundled value. On the server the values are validated on first read, once.
 */
export function createServerConfig(options: ServerConfigOptions): ServerConfig {
  const isBrowser = options.isBrowser ?? defaultIsBrowser;
  let validated: ServerConfig | undefined;
  const read = (key: ServerEnvKey) => {
    if (isBrowser()) throw new Error(`Server-only variable ${key} read on the client`);
    if (validated === undefined) {
      const result = serverEnvSchema.safeParse(options.source());
      if (!result.success) throw invalidEnvError(issuesFromZod(result.error));
      validated = result.data;
    }
    return validated[key];
  };
  const accessor = {};
  for (const key of SERVER_ENV_KEYS) {
    Object.defineProperty(accessor, key, { enumerable: true, get: () => read(key) });
  }
  return Object.freeze(accessor) as ServerConfig;
}
