import { RESPONSE_LIMITS, type ResponseKind } from '../base/bounded-body.ts';
import { RANGE_FRAGMENT } from '../hls/media-playlist.ts';
import {
  codeForHttpStatus,
  ErrorCode,
  ErrorType,
  errorTypeForHttpStatus,
  networkRetryDelay,
  type ErrorSource,
  type AuthorizationRefusal,
  type PlaybackRestriction,
  type PlayerError,
} from '../types/errors.ts';
import { authorizationOf, restrictionOf, RESTRICTION_BODY_MAX, retryAfterMs } from '../rules/playback-restriction.ts';

/** What a refusal said beside its status (rules/playback-restriction.ts). */
export interface RefusalDetails {
  /** The restriction a 403 named, or null. */
  restriction: PlaybackRestriction | null;
  /** Why a private channel's origin refused the token, where a 403 said, or null. */
  authorization?: AuthorizationRefusal | null;
  /** When a 429 said to ask again (ms from now), or null. */
  retryAfterMs: number | null;
}

/** A request that ended without media: its HTTP status, 0 when there was none. */
export class LoadError extends Error {
  override name = 'LoadError';
  constructor(
    readonly url: string,
    readonly status: number,
    message: string,
    readonly refusal: RefusalDetails = { restriction: null, retryAfterMs: null },
  ) {
    super(message);
  }
}

/**
 * An answer whose body is not what was asked for (a cut-off or garbled transfer): retried as a
 * failed connection is, and reported as InvalidData once the retries are spent.
 */
export class InvalidMediaError extends LoadError {
  override name = 'InvalidMediaError';
  constructor(url: string, problem: string) {
    super(url, 0, `invalid media (${problem})`);
  }
}

/**
 * A body larger than its kind allows (base/bounded-body.ts RESPONSE_LIMITS): a stage that can
 * write a playlist can answer with gigabytes. What was read is dropped and it is not asked for
 * again: the same URL would send the same flood.
 */
export class OversizedBodyError extends InvalidMediaError {
  override name = 'OversizedBodyError';
  constructor(
    url: string,
    readonly kind: ResponseKind,
  ) {
    super(url, `a ${kind} response over ${RESPONSE_LIMITS[kind]} bytes`);
  }
}

export interface Loaded {
  bytes: Uint8Array;
  /** First byte to last byte (ms): the transfer, without the wait of a blocking request. */
  transferMs: number;
  /** Request to first byte (ms), for the record (the origin holds blocking requests here). */
  waitMs: number;
  /**
   * The response's Last-Modified (epoch ms), null when absent or unreadable: when a static
   * server's packager last wrote the file (a live playlist's age, playlist-age.ts).
   */
  modifiedMs: number | null;
}

export interface LoaderDeps {
  fetch: typeof fetch;
  monotonic(): number;
  credentials: RequestCredentials;
}

/** What a caller may watch of a transfer in progress (the engine's abandon rule). */
export interface TransferWatch {
  /**
   * The response's headers arrived: the transfer begins. `expectedBytes` is its declared
   * length where the bytes counted are the bytes declared (no content encoding), else null.
   */
  onHeaders?(expectedBytes: number | null): void;
  /** Bytes received so far, after each chunk. */
  onBytes?(total: number): void;
}

/**
 * The request for a piece's URL: a byte range the playlist named (media-playlist.ts
 * RANGE_FRAGMENT) becomes a Range header and leaves the URL; null range for a whole resource.
 */
export function requestFor(url: string): { href: string; range: { first: number; last: number } | null } {
  const at = url.indexOf(RANGE_FRAGMENT);
  if (at < 0) return { href: url, range: null };
  const [first, last] = url
    .slice(at + RANGE_FRAGMENT.length)
    .split('-')
    .map(Number);
  return { href: url.slice(0, at), range: { first: first!, last: last! } };
}

/**
 * One GET, read to the end within the cap of its kind; a non-2xx answer or a failed connection
 * is a LoadError, a body over the cap a OversizedBodyError.
 */
export async function load(
  deps: LoaderDeps,
  url: string,
  signal: AbortSignal,
  watch: TransferWatch = {},
  cache?: RequestCache,
  kind: ResponseKind = 'media',
): Promise<Loaded> {
  const started = deps.monotonic();
  let response: Response;
  const { href, range } = requestFor(url);
  try {
    response = await deps.fetch(href, {
      signal,
      credentials: deps.credentials,
      ...(cache && { cache }),
      ...(range && { headers: { Range: `bytes=${range.first}-${range.last}` } }),
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new LoadError(url, 0, `request failed: ${(error as Error).message}`);
  }
  const headersAt = deps.monotonic();
  if (!response.ok) {
    throw new LoadError(url, response.status, `HTTP ${response.status}`, await refusalOf(response));
  }
  const limit = RESPONSE_LIMITS[kind];
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    void response.body?.cancel().catch(() => undefined);
    throw new OversizedBodyError(url, kind);
  }
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  watch.onHeaders?.(Number.isFinite(declared) && declared > 0 && !encoded ? declared : null);
  const body = await readCapped(response, limit, watch.onBytes, () => new OversizedBodyError(url, kind));
  // A server that ignores Range answers 200 with the whole resource: the range is cut from it.
  const bytes = range && response.status === 200 ? body.slice(range.first, range.last + 1) : body;
  const modified = Date.parse(response.headers.get('last-modified') ?? '');
  return {
    bytes,
    transferMs: deps.monotonic() - headersAt,
    waitMs: headersAt - started,
    modifiedMs: Number.isFinite(modified) ? modified : null,
  };
}

/**
 * What a refusal says: a 403's small body may name a restriction, a 429's Retry-After when to
 * ask again. Any other error page is not read (its body is cancelled).
 */
async function refusalOf(response: Response): Promise<RefusalDetails> {
  const retryAfter = response.status === 429 ? retryAfterMs(response.headers.get('retry-after'), Date.now()) : null;
  if (response.status !== 403) {
    void response.body?.cancel().catch(() => undefined);
    return { restriction: null, retryAfterMs: retryAfter };
  }
  const body = await readCapped(response, RESTRICTION_BODY_MAX, undefined, () => new Error('not a refusal')).catch(
    () => null,
  );
  const text = body ? new TextDecoder().decode(body) : '';
  return {
    restriction: restrictionOf(response.status, text),
    authorization: authorizationOf(response.status, text),
    retryAfterMs: retryAfter,
  };
}

/**
 * The body chunk by chunk, telling `onBytes` how much has arrived; past `limit` bytes the
 * stream is cancelled and `tooLarge()` thrown (a Content-Length can lie or be absent).
 */
async function readCapped(
  response: Response,
  limit: number,
  onBytes: ((total: number) => void) | undefined,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) {
    const whole = new Uint8Array(await response.arrayBuffer());
    if (whole.byteLength > limit) throw tooLarge();
    return whole;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
    onBytes?.(total);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Retry schedules (not shown in the spec; docs/player.md "Own engine"). */
/**
 * Playlists: 1 s, 2 s, 4 s; a request unanswered in 10 s is abandoned and tried again (an
 * origin holds a blocking reload for at most a few part targets, well under that).
 */
export const PLAYLIST_RETRY = { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 8000, timeoutMs: 10_000 } as const;
/**
 * Media of a sub-second live buffer is retried at once and often: 250 ms, 500 ms, 1 s …; and a
 * request that has not finished in 10 s is abandoned and tried again: an origin that stops
 * sending (a stalled connection) would otherwise hold the engine for good. 10 s is far above
 * what a hinted part waits for its publication (a part, ≤ 1 s) or a whole segment takes.
 */
export const MEDIA_RETRY = { maxRetries: 6, baseDelayMs: 250, maxDelayMs: 1000, timeoutMs: 10_000 } as const;

/**
 * A subtitle segment: 500 ms, 1 s, then it is passed by (subtitle-loop.ts); its cues are due
 * seconds later, and a stream plays on without them.
 */
export const SUBTITLE_RETRY = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 1000, timeoutMs: 10_000 } as const;

export type RetryPolicy = { maxRetries: number; baseDelayMs: number; maxDelayMs: number; timeoutMs?: number };

/**
 * The delay before another try of a failed request, or null when it is an answer: a 4xx
 * (except 408 and 429) will not change by asking again, and the retries may be spent. A 429
 * waits at least its Retry-After; one that asks for longer than the policy ever waits (a
 * concurrency limit says a minute) is an answer at once, not four more refusals.
 */
export function retryDelay(
  status: number,
  attempt: number,
  policy: RetryPolicy,
  retryAfter: number | null = null,
): number | null {
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return null;
  const scheduled = networkRetryDelay(attempt, policy);
  if (status !== 429 || retryAfter === null || scheduled === null) return scheduled;
  return retryAfter > policy.maxDelayMs ? null : Math.max(scheduled, retryAfter);
}

/**
 * A request with a retry policy: a LoadError that is an answer (retryDelay null) or the last
 * of the retries is thrown; null when `current()` turned false or the signal aborted meanwhile.
 */
export async function loadWithRetry(
  deps: LoaderDeps,
  url: string,
  policy: RetryPolicy,
  control: {
    signal: AbortSignal;
    current(): boolean;
    sleep(ms: number): Promise<void>;
    /** Calls `fn` after `ms` unless the returned cancel comes first (the policy's timeout). */
    later?(fn: () => void, ms: number): () => void;
    /** Each try's transfer, as it goes. */
    watch?: TransferWatch;
    /** Why a body is unusable (then it is asked for again), or null. */
    check?(bytes: Uint8Array): string | null;
    /** Which cap the body is read within (RESPONSE_LIMITS); media by default. */
    kind?: ResponseKind;
  },
): Promise<Loaded | null> {
  const over = () => !control.current() || control.signal.aborted;
  // After a body that failed the check, past the HTTP cache: a cached bad copy is no answer.
  let cache: RequestCache | undefined;
  for (let attempt = 0; ; attempt++) {
    // Each try has its own signal: the caller's abort ends it, and so does the timeout.
    const attemptAbort = new AbortController();
    const forward = () => attemptAbort.abort();
    control.signal.addEventListener('abort', forward, { once: true });
    let timedOut = false;
    const cancelTimeout =
      policy.timeoutMs && control.later
        ? control.later(() => {
            timedOut = true;
            attemptAbort.abort();
          }, policy.timeoutMs)
        : () => undefined;
    try {
      const loaded = await load(deps, url, attemptAbort.signal, control.watch, cache, control.kind);
      const problem = control.check?.(loaded.bytes) ?? null;
      if (problem !== null) throw new InvalidMediaError(url, problem);
      return loaded;
    } catch (caught) {
      if (over()) return null;
      const error = timedOut ? new LoadError(url, 0, `no answer in ${policy.timeoutMs} ms`) : caught;
      if (!(error instanceof LoadError) || error instanceof OversizedBodyError) throw error;
      if (error instanceof InvalidMediaError) cache = 'reload';
      const delay = retryDelay(error.status, attempt, policy, error.refusal.retryAfterMs);
      if (delay === null) throw error;
      await control.sleep(delay);
      if (over()) return null;
    } finally {
      cancelTimeout();
      control.signal.removeEventListener('abort', forward);
    }
  }
}

/** A URL for a message: without its query, where playback tokens travel (never logged). */
export function loggableUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/** A failed request as the player's error (SPEC §8 shapes; errors.ts codes). */
export function loadFailure(error: LoadError, source: 'playlist' | 'segment'): PlayerError {
  if (error instanceof InvalidMediaError) {
    return {
      type: ErrorType.InvalidData,
      code: source === 'playlist' ? ErrorCode.PlaylistInvalid : ErrorCode.MediaInvalid,
      source,
      message: `${source} ${error.message}: ${loggableUrl(error.url)}`,
      fatal: true,
    };
  }
  const { restriction, authorization } = error.refusal;
  const why = restriction ? ` (restriction ${restriction})` : authorization ? ` (token ${authorization})` : '';
  return {
    type: errorTypeForHttpStatus(error.status),
    code: codeForHttpStatus(error.status),
    source,
    message: `${source} ${error.message}${why}: ${loggableUrl(error.url)}`,
    fatal: true,
    ...(restriction && { restriction }),
    ...(authorization && { authorization }),
  };
}

export function invalidPlaylist(message: string, url: string): PlayerError {
  return {
    type: ErrorType.InvalidData,
    code: ErrorCode.PlaylistInvalid,
    source: 'playlist',
    message: `${message}: ${loggableUrl(url)}`,
    fatal: true,
  };
}

/** A fatal error of the engine's own (errors.ts codes). */
export function engineError(type: ErrorType, code: number, source: ErrorSource, message: string): PlayerError {
  return { type, code, source, message, fatal: true };
}
