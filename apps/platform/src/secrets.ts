/**
 * The one way the platform reads a server secret (REALTIME_APP_SECRET, VIEWER_TOKEN_SECRET,
 * DEVICE_ID_SECRET, REALTIME_APP_ID) from its environment:
 *
 * - unset: the service's local default, which is public (it is in this source). That is only
 *   allowed where no one else can reach the platform: `platformEnv` refuses to start anywhere
 *   else without every secret (platform-env.ts);
 * - set but blank (empty, or only whitespace such as `REALTIME_APP_SECRET=" "`): refused, on
 *   every host. Someone meant to set it; quietly signing with the public default (what a
 *   `trim() !== ''` fallback did) or with a key of spaces would be worse than not starting.
 */

/** Throws this when a secret is set but blank; `platformEnv` reports the same, naming the setting. */
export class BlankSecretError extends Error {
  override readonly name = 'BlankSecretError';
  constructor(readonly key: string) {
    super(`${key} is set but blank: set a real secret, or leave it unset on loopback for the local default`);
  }
}

export function isBlank(value: string): boolean {
  return value.trim() === '';
}

/**
 * `given` (a secret passed in code, as tests do) when there is one, else the environment's
 * `key`, else `localDefault`; blank either way throws BlankSecretError.
 */
export function serverSecret(
  key: string,
  localDefault: string,
  given?: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  const value = given ?? env[key];
  if (value === undefined) return localDefault;
  if (isBlank(value)) throw new BlankSecretError(key);
  return value;
}
