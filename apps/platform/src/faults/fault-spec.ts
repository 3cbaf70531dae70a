/**
 * What a fault is, and the strict validation of the admin API's request body.
 *
 * Validation is hand-written rather than a schema library: the platform depends only on
 * `contracts`, and the rules here are few but cross-field (which effects combine, which
 * targets an effect makes sense for), where a hand-written message is clearer anyway.
 */

export const FAULT_TARGETS = ['multivariant', 'playlist', 'init', 'segment', 'all'] as const;
export type FaultTarget = (typeof FAULT_TARGETS)[number];

/**
 * `mdat`: a segment's sample data overwritten, its boxes intact (fails at decode);
 * `truncate`: the first half of the body; `garbage`: every byte scrambled, length kept (a
 * playlist that is not one, an init segment whose boxes do not parse).
 */
export const CORRUPT_MODES = ['mdat', 'truncate', 'garbage'] as const;
export type CorruptMode = (typeof CORRUPT_MODES)[number];

/** Upper bound of delays and stalls: long enough for any test, short enough to notice a typo. */
export const MAX_WAIT_MS = 600_000;

/** A fault as the admin asks for it; every effect is optional, at least one is present. */
export interface FaultSpec {
  target: FaultTarget;
  /** Only requests for this rendition (e.g. `720p`); absent = every rendition. */
  rendition?: string;
  /** Apply to the next `count` matching requests, then switch off; absent = until cleared. */
  count?: number;
  /** Wait this long before the origin handles the request. */
  delayMs?: number;
  /** Answer this 4xx/5xx status with the platform's error body instead of the media. */
  status?: number;
  /**
   * Playback restricted for this reason (SPEC §8 code 1–6): a 403 whose body names it
   * (reply-error.ts restrictedBody), as a platform refusing a viewer answers.
   */
  restriction?: number;
  /** A Retry-After (s) with `status` (a 429 concurrency limit says when to ask again). */
  retryAfterS?: number;
  /** Send headers (and `stallBytes`), then hold the rest this long; `null` = until the socket closes. */
  stallMs?: number | null;
  /** Bytes of the body sent before the stall (default 0). */
  stallBytes?: number;
  corrupt?: CorruptMode;
}

export type FaultEffect = 'delay' | 'status' | 'stall' | 'corrupt';

export type ParseResult = { ok: true; spec: FaultSpec } | { ok: false; message: string };

const KEYS = [
  'target',
  'rendition',
  'count',
  'delayMs',
  'status',
  'restriction',
  'retryAfterS',
  'stallMs',
  'stallBytes',
  'corrupt',
] as const;
const RENDITION_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

class SpecError extends Error {}

function describe(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

function integer(body: Record<string, unknown>, key: string, min: number, max: number): number | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new SpecError(`"${key}" must be an integer from ${min} to ${max} (got ${describe(value)})`);
  }
  return value;
}

function oneOf<T extends string>(body: Record<string, unknown>, key: string, allowed: readonly T[]): T | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new SpecError(`"${key}" must be one of ${allowed.join(', ')} (got ${describe(value)})`);
  }
  return value as T;
}

function parse(body: unknown): FaultSpec {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SpecError('The body must be a JSON object');
  }
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(KEYS as readonly string[]).includes(key)) {
      throw new SpecError(`Unknown field "${key}" (allowed: ${KEYS.join(', ')})`);
    }
  }

  const target = oneOf(record, 'target', FAULT_TARGETS);
  if (target === undefined) throw new SpecError(`"target" is required: one of ${FAULT_TARGETS.join(', ')}`);
  const spec: FaultSpec = { target };

  const rendition = record.rendition;
  if (rendition !== undefined) {
    if (typeof rendition !== 'string' || !RENDITION_PATTERN.test(rendition)) {
      throw new SpecError(`"rendition" must be a rendition name such as "720p" (got ${describe(rendition)})`);
    }
    if (target === 'multivariant') throw new SpecError('"rendition" does not apply to target "multivariant"');
    spec.rendition = rendition;
  }

  const count = integer(record, 'count', 1, Number.MAX_SAFE_INTEGER);
  if (count !== undefined) spec.count = count;
  const delayMs = integer(record, 'delayMs', 0, MAX_WAIT_MS);
  if (delayMs !== undefined) spec.delayMs = delayMs;
  const status = integer(record, 'status', 400, 599);
  if (status !== undefined) spec.status = status;
  const restriction = integer(record, 'restriction', 1, 6);
  if (restriction !== undefined) {
    if (status !== undefined && status !== 403) throw new SpecError('"restriction" answers 403: leave "status" out');
    spec.status = 403;
    spec.restriction = restriction;
  }
  const retryAfterS = integer(record, 'retryAfterS', 0, 86_400);
  if (retryAfterS !== undefined) {
    if (spec.status === undefined) throw new SpecError('"retryAfterS" needs "status"');
    spec.retryAfterS = retryAfterS;
  }

  // null is meaningful here ("until the socket closes"), so it is checked before the integer rule.
  if (record.stallMs === null) spec.stallMs = null;
  else {
    const stallMs = integer(record, 'stallMs', 0, MAX_WAIT_MS);
    if (stallMs !== undefined) spec.stallMs = stallMs;
  }
  const stallBytes = integer(record, 'stallBytes', 0, Number.MAX_SAFE_INTEGER);
  if (stallBytes !== undefined) {
    if (spec.stallMs === undefined) throw new SpecError('"stallBytes" needs "stallMs"');
    spec.stallBytes = stallBytes;
  }

  const corrupt = oneOf(record, 'corrupt', CORRUPT_MODES);
  if (corrupt !== undefined) {
    // Only segments and parts carry mdat boxes; accepting it elsewhere would silently do nothing.
    if (corrupt === 'mdat' && target !== 'segment') {
      throw new SpecError(
        '"corrupt": "mdat" applies to target "segment" only (use "truncate" or "garbage" for other targets)',
      );
    }
    spec.corrupt = corrupt;
  }

  if (effectsOf(spec).length === 0) {
    throw new SpecError('A fault needs at least one of "delayMs", "status", "restriction", "stallMs", "corrupt"');
  }
  if (spec.status !== undefined && (spec.stallMs !== undefined || spec.corrupt !== undefined)) {
    throw new SpecError('"status" replaces the response, so it cannot be combined with "stallMs" or "corrupt"');
  }
  return spec;
}

/** Validates an admin request body; the message is meant for the person writing the test. */
export function parseFaultSpec(body: unknown): ParseResult {
  try {
    return { ok: true, spec: parse(body) };
  } catch (error) {
    if (error instanceof SpecError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The effects a spec asks for, in the order they act on a request. */
export function effectsOf(spec: FaultSpec): FaultEffect[] {
  const effects: FaultEffect[] = [];
  if (spec.delayMs !== undefined) effects.push('delay');
  if (spec.status !== undefined) effects.push('status');
  if (spec.corrupt !== undefined) effects.push('corrupt');
  if (spec.stallMs !== undefined) effects.push('stall');
  return effects;
}

/** Effects that reshape the origin's own response, so they need a real (GET, 2xx) body. */
export function shapesResponse(spec: FaultSpec): boolean {
  return spec.corrupt !== undefined || spec.stallMs !== undefined;
}
