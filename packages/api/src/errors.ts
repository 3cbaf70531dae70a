import type { z } from 'zod/mini';

/**
 * Thrown for a non-OK response (SPEC §8): the body, the status and the status text, as a plain
 * object, the shape the spec's "Error response shape expected" describes.
 */
export interface HttpError {
  data: unknown;
  status: number;
  statusText: string;
}

export function isHttpError(error: unknown): error is HttpError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'data' in error &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { statusText?: unknown }).statusText === 'string'
  );
}

/**
 * A 2xx answer whose body does not match the route's schema. Nothing of it is returned: a
 * half-valid channel must not half-render. The message names the route and each issue's path.
 */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  readonly route: string;
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(route: string, issues: readonly z.core.$ZodIssue[]) {
    const detail = issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
    super(`Unexpected response from ${route}: ${detail}`);
    this.route = route;
    this.issues = issues;
  }
}
