/**
 * The LL-HLS Delivery Directives a media playlist request may carry
 * (draft-pantos-hls-rfc8216bis §6.2.5): `_HLS_msn`, `_HLS_part` and
 * `_HLS_skip`. Parsing is strict, because a directive the origin misreads
 * would hold a request for the wrong part or skip the wrong segments.
 */

/** What a Playlist Delta Update leaves out. */
export type SkipRequest = 'none' | 'segments' | 'segments-and-dateranges';

export interface DeliveryDirectives {
  /** `_HLS_msn`: hold the response until this segment (or the part below) exists. */
  msn: number | undefined;
  /** `_HLS_part`: the part of segment `msn` to wait for. */
  part: number | undefined;
  skip: SkipRequest;
}

export type DirectivesResult = { ok: true; directives: DeliveryDirectives } | { ok: false; message: string };

// Digits only, and short enough to stay an exact integer.
const DECIMAL_INTEGER = /^\d{1,15}$/;

type Field = { ok: true; value: number | undefined } | { ok: false; message: string };

function integerField(query: Readonly<Record<string, unknown>>, name: string): Field {
  const raw = query[name];
  if (raw === undefined) return { ok: true, value: undefined };
  // A repeated parameter arrives as an array: ambiguous, so refused.
  if (typeof raw !== 'string' || !DECIMAL_INTEGER.test(raw)) {
    return { ok: false, message: `Invalid ${name} ${JSON.stringify(raw)}: expected one decimal integer` };
  }
  return { ok: true, value: Number(raw) };
}

function skipField(raw: unknown): { ok: true; value: SkipRequest } | { ok: false; message: string } {
  if (raw === undefined) return { ok: true, value: 'none' };
  if (raw === 'YES') return { ok: true, value: 'segments' };
  if (raw === 'v2') return { ok: true, value: 'segments-and-dateranges' };
  return { ok: false, message: `Invalid _HLS_skip ${JSON.stringify(raw)}: expected "YES" or "v2"` };
}

/**
 * Reads the directives from a parsed query string. Other `_HLS_` parameters
 * are reserved for future directives and ignored, as is everything else.
 */
export function parseDeliveryDirectives(query: Readonly<Record<string, unknown>>): DirectivesResult {
  const msn = integerField(query, '_HLS_msn');
  if (!msn.ok) return msn;
  const part = integerField(query, '_HLS_part');
  if (!part.ok) return part;
  // §6.2.5.2: a part without its segment is a Bad Request.
  if (part.value !== undefined && msn.value === undefined) {
    return { ok: false, message: '_HLS_part requires _HLS_msn' };
  }
  const skip = skipField(query['_HLS_skip']);
  if (!skip.ok) return skip;
  return { ok: true, directives: { msn: msn.value, part: part.value, skip: skip.value } };
}
