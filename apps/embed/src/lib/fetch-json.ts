import { errorResponseSchema } from '@onair/contracts';
import type { z } from 'zod';

/** Thrown for a non-OK response (SPEC §7/§8): the body, status and status text. */
export interface HttpError {
  data: unknown;
  status: number;
  statusText: string;
}

export function isHttpError(error: unknown): error is HttpError {
  return typeof error === 'object' && error !== null && 'status' in error && 'statusText' in error;
}

/**
 * GET a JSON resource of the platform and validate it at the boundary. A payload that fails
 * its schema is an error (with the schema's complaint as cause), never half-rendered data.
 * The full fetch helper (credentials, Referer, bearer token) lands with packages/api.
 */
export async function getJson<S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal): Promise<z.infer<S>> {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, cache: 'no-cache', signal });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorResponseSchema.safeParse(body);
    throw {
      data: parsed.success ? parsed.data.data : body,
      status: response.status,
      statusText: response.statusText,
    } satisfies HttpError;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `Unexpected response from ${path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}
