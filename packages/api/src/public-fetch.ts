import { safeParse, type z } from 'zod/mini';

export interface PublicFetchOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * The simple public fetch helper (SPEC §7): GET a public JSON resource; null on any failure —
 * network, non-OK status, a body that is not JSON, or one that does not match `schema`. For
 * optional decoration, where "nothing" is a fine answer. No credentials or token are sent:
 * the resource is public, and it may sit on another host.
 */
export async function fetchPublicJson<S extends z.core.$ZodType>(
  url: string,
  schema: S,
  options: PublicFetchOptions = {},
): Promise<z.output<S> | null> {
  const doFetch = options.fetch ?? globalThis.fetch;
  try {
    const response = await doFetch(url, {
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      signal: options.signal,
    });
    if (!response.ok) return null;
    const parsed = safeParse(schema, await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
