import type { ResponseKind } from '../base/bounded-body.ts';
import type { Timers } from '../types/environment.ts';
import {
  invalidPlaylist,
  LoadError,
  loadFailure,
  loadWithRetry,
  PLAYLIST_RETRY,
  retryDelay,
  type Loaded,
  type RetryPolicy,
  type TransferWatch,
} from './loader.ts';
import { PlaylistError } from '../hls/m3u8.ts';
import type { EngineEvent } from './protocol.ts';
import { IdentityCarrier } from '../rules/request-identity.ts';

export interface EngineRequestsDeps {
  fetch: typeof fetch;
  monotonic(): number;
  timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
  /** The engine's sleep between retries (its wakeups: a restart ends it early). */
  sleep(ms: number): Promise<void>;
}

/** Which load a request belongs to: once `current()` is false, its answer is nobody's. */
export interface RequestScope {
  signal: AbortSignal;
  current(): boolean;
}

/** How one request is made, beside its URL and scope. */
export interface LoadOptions {
  policy: RetryPolicy;
  /** The transfer as it goes (the abandon rule). */
  watch?: TransferWatch;
  /** Why a body is unusable (then it is asked for again), or null. */
  check?(bytes: Uint8Array): string | null;
  /** Which cap the body is read within (base/bounded-body.ts); media by default. */
  kind?: ResponseKind;
}

/**
 * How the engine asks the origin: every request with the retry policy of its kind
 * (loader.ts), who is watching (the page's token, ids and credentials mode: SPEC §7
 * setAuthToken … setRequestCredentials, rules/request-identity.ts), a timeout on the engine's
 * own timers; playlists parsed, and a failure turned into the engine's error event.
 */
export class EngineRequests {
  /** Who is watching, and the playback URL whose origin alone is told (request-identity.ts). */
  readonly identity = new IdentityCarrier();

  constructor(private readonly deps: EngineRequestsDeps) {}

  /**
   * The bytes of `url`; null when the scope ended or its signal aborted meanwhile. The identity
   * is applied at each try, so a token refreshed between retries is the one the retry carries.
   */
  load(url: string, scope: RequestScope, { policy, watch, check, kind }: LoadOptions): Promise<Loaded | null> {
    const { fetch, monotonic, timers } = this.deps;
    const identify: typeof fetch = (input, init) =>
      fetch(typeof input === 'string' ? this.identity.url(input, kind === 'playlist') : input, init);
    const credentials = this.identity.identity.credentials;
    return loadWithRetry({ fetch: identify, monotonic, credentials }, url, policy, {
      signal: scope.signal,
      current: scope.current,
      sleep: (ms) => this.deps.sleep(ms),
      later: (fn, ms) => {
        const timer = timers.setTimeout(fn, ms);
        return () => timers.clearTimeout(timer);
      },
      watch,
      check,
      kind,
    });
  }

  /**
   * A playlist, fetched with retries and parsed; null when the scope ended or the request was
   * aborted (a variant switch), and after a failure, which goes to `failed` as the error event.
   * `fetched`: its text, which the page asked for already (parsed and judged as if loaded here).
   * `parse` is also given the answer's Last-Modified (loader.ts Loaded), null for the page's text.
   * A body that is not a playlist (a proxy's error page, a broken cache) is asked for again on
   * the playlist schedule, as a 5xx is: only the same answer after the last retry is fatal.
   */
  async playlist<T>(
    url: string,
    scope: RequestScope,
    parse: (text: string, modifiedMs: number | null) => T,
    failed: (event: EngineEvent) => void,
    fetched?: string,
  ): Promise<T | null> {
    let text = fetched;
    let modifiedMs: number | null = null;
    for (let attempt = fetched === undefined ? 0 : -1; ; attempt++) {
      try {
        if (text === undefined) {
          const loaded = await this.load(url, scope, { policy: PLAYLIST_RETRY, kind: 'playlist' });
          if (!loaded || !scope.current() || scope.signal.aborted) return null;
          text = new TextDecoder().decode(loaded.bytes);
          modifiedMs = loaded.modifiedMs;
        }
        return parse(text, modifiedMs);
      } catch (error) {
        if (error instanceof PlaylistError && attempt < PLAYLIST_RETRY.maxRetries) {
          text = undefined;
          // The page's text (attempt -1) is not the origin's answer: the origin is asked at once.
          if (attempt >= 0) await this.deps.sleep(retryDelay(0, attempt, PLAYLIST_RETRY) ?? 0);
          if (!scope.current() || scope.signal.aborted) return null;
          continue;
        }
        if (error instanceof LoadError) failed({ type: 'error', error: loadFailure(error, 'playlist') });
        else if (error instanceof PlaylistError) failed({ type: 'error', error: invalidPlaylist(error.message, url) });
        else throw error;
        return null;
      }
    }
  }
}
