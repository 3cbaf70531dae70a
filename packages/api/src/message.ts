/** SPEC §8's last resort. */
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

function describeCause(cause: unknown): string | undefined {
  if (cause instanceof Error) return cause.message || undefined;
  if (nonEmpty(cause)) return cause;
  if (isObject(cause) && nonEmpty(cause.message)) return cause.message;
  return undefined;
}

/**
 * A message to show or log for anything thrown, in SPEC §8's order: the response body's
 * `data.message` (an HTTP error), an Error's message with its cause, any object's `message`,
 * a string, a number, otherwise 'An unknown error occurred'. Empty strings count as absent.
 */
export function errorMessage(error: unknown): string {
  if (isObject(error) && isObject(error.data) && nonEmpty(error.data.message)) return error.data.message;
  if (error instanceof Error && error.message) {
    const cause = describeCause(error.cause);
    return cause ? `${error.message}: ${cause}` : error.message;
  }
  if (isObject(error) && nonEmpty(error.message)) return error.message;
  if (nonEmpty(error)) return error;
  if (typeof error === 'number' && Number.isFinite(error)) return String(error);
  return UNKNOWN_ERROR_MESSAGE;
}
