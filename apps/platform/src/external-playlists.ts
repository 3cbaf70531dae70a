/**
 * Copies of the playlists of the streams the platform's channels play from elsewhere
 * (CHANNELS_FILE `playbackUrl`), kept the way a CDN edge in front of them keeps them, for the
 * embed page's early data (early-data.ts). Issue 33's bench: on ffmpeg's classic live streams
 * the embed's first frame was behind native HLS's, and what stood in its way was the page's
 * chain of requests: the multivariant playlist, then the start variant's media playlist, each
 * answered in a task of a main thread busy starting the page (~100 ms from the early start to
 * the first piece's request on the 2-core machine). The platform serving `/{slug}` knows the
 * stream; with its playlists in the page, the early start asks for the first pieces at once,
 * as it does on our own origin.
 *
 * - The multivariant playlist names the variants and changes rarely: a copy up to
 *   MULTIVARIANT_MAX_AGE_MS old is handed out while a fresh one is asked for. Only a
 *   multivariant playlist is kept (a playback URL that is a media playlist is the page's to ask).
 * - Each variant's media playlist changes every target duration: kept fresh only while the
 *   channel is watched (a page asked for within WATCHED_MS), asked for every eighth of a target
 *   duration, and dated as the engine dates its own requests' (by `Last-Modified`), narrowed by
 *   the poll before that saw the older text. The page takes a copy only where it is young
 *   enough to start from (the engine's rule, early-playlists.ts); else it asks itself.
 * - Never waited for: a page served before a copy is in goes without it, as it always has.
 *
 * The URLs are the operator's (the channels file) and those its multivariant playlist lists on
 * the same origin, never a request's: nothing a stranger sends makes the platform ask anywhere.
 */

import { isMultivariantText, targetDurationS, variantUris, writtenAtMs } from './external-playlist-text.ts';

/** A multivariant copy older than this is asked for again (and handed out meanwhile). */
export const MULTIVARIANT_MAX_AGE_MS = 30_000;
/** Older than this, a multivariant copy is no longer handed out (the stream may be another by now). */
export const MULTIVARIANT_STALE_MS = 5 * 60_000;
/** Media playlists are kept fresh this long after a page of the channel was asked for. */
export const WATCHED_MS = 60_000;
/** A media playlist copy older than this (since it was written) is not handed out: the engine's EARLY_PLAYLIST_MAX_AGE_MS. */
export const MEDIA_MAX_AGE_MS = 3_000;
/** One request's patience. */
export const REQUEST_TIMEOUT_MS = 3_000;
/** A playlist is a few KiB; anything much larger is not kept. */
export const MAX_PLAYLIST_BYTES = 64 * 1024;
/** At most this many variants' media playlists are kept per stream. */
export const MAX_VARIANTS = 8;

export interface MediaCopy {
  url: string;
  text: string;
  writtenAtMs: number;
}

export interface ExternalPlaylistOptions {
  fetch?: typeof fetch;
  /** Wall clock in ms. */
  now?: () => number;
}

export interface ExternalPlaylists {
  /**
   * For a page of a live channel playing `url`: the kept multivariant playlist and the media
   * playlist copies young enough to start from, or null where none is kept yet. Marks the
   * channel watched, and asks for what is missing or old.
   */
  copiesFor(url: string): { multivariant: string; media: MediaCopy[] } | null;
  /** Stops asking; what is in flight is aborted. */
  destroy(): void;
}

interface MediaEntry {
  text: string;
  writtenAtMs: number;
  seenAtMs: number;
}

interface Stream {
  multivariant: string | null;
  fetchedAtMs: number;
  failedAtMs: number | null;
  askingMultivariant: boolean;
  watchedUntilMs: number;
  media: Map<string, MediaEntry>;
  /** Whether a round of media playlists is on, or the next one set. */
  polling: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

/** After a failure, a multivariant playlist is not asked for again for this long. */
const RETRY_MS = 2_000;

export function externalPlaylists(options: ExternalPlaylistOptions = {}): ExternalPlaylists {
  const fetchFn = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const streams = new Map<string, Stream>();
  const inFlight = new Set<AbortController>();
  let destroyed = false;

  /** The text of `url` and its Last-Modified, or null for anything but a 200 of a sane size. */
  const get = async (url: string): Promise<{ text: string; lastModified: string | null } | null> => {
    const abort = new AbortController();
    inFlight.add(abort);
    const timer = setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
    timer.unref?.();
    try {
      // A redirect is not followed: the page resolves the playlist's URIs against the URL it
      // holds, which would then be the wrong one.
      const response = await fetchFn(url, { redirect: 'manual', signal: abort.signal });
      if (response.status !== 200 || Number(response.headers.get('content-length') ?? 0) > MAX_PLAYLIST_BYTES) {
        await response.body?.cancel().catch(() => {});
        return null;
      }
      const text = await response.text();
      return text.length > MAX_PLAYLIST_BYTES ? null : { text, lastModified: response.headers.get('last-modified') };
    } catch {
      // Unreachable, refused, too slow: the page asks itself, as it would without this.
      return null;
    } finally {
      clearTimeout(timer);
      inFlight.delete(abort);
    }
  };

  const askMultivariant = async (url: string, stream: Stream) => {
    stream.askingMultivariant = true;
    const got = await get(url);
    stream.askingMultivariant = false;
    if (destroyed) return;
    if (got && isMultivariantText(got.text)) {
      stream.multivariant = got.text;
      stream.fetchedAtMs = now();
      stream.failedAtMs = null;
    } else stream.failedAtMs = now();
  };

  /** One round of the watched stream's media playlists, then the next, while it is watched. */
  const poll = async (url: string, stream: Stream) => {
    stream.timer = null;
    stream.polling = true;
    if (destroyed || now() >= stream.watchedUntilMs || stream.multivariant === null)
      return void (stream.polling = false);
    const uris = variantUris(stream.multivariant, url).slice(0, MAX_VARIANTS);
    // A variant the multivariant playlist no longer lists is no longer handed out.
    for (const uri of stream.media.keys()) if (!uris.includes(uri)) stream.media.delete(uri);
    let targetS = 0;
    await Promise.all(
      uris.map(async (uri) => {
        const askedAtMs = now();
        const got = await get(uri);
        if (!got || !got.text.startsWith('#EXTM3U')) return void stream.media.delete(uri);
        targetS = Math.max(targetS, targetDurationS(got.text));
        const kept = stream.media.get(uri);
        if (kept?.text === got.text) return void (kept.seenAtMs = askedAtMs);
        // New since the last look: written after that look, and by its Last-Modified.
        const receivedAtMs = now();
        const written = writtenAtMs(got.text, got.lastModified, receivedAtMs);
        stream.media.set(uri, {
          text: got.text,
          writtenAtMs: kept ? Math.max(kept.seenAtMs, written) : written,
          seenAtMs: askedAtMs,
        });
      }),
    );
    if (destroyed || now() >= stream.watchedUntilMs) return void (stream.polling = false);
    // An eighth of the target duration: a copy is then at most that late with a new segment, and
    // dated within that much of its listing, so it stays young enough to start from (3 s) on
    // 2 s segments with room to spare for a late timer and the page's own start.
    const every = Math.min(2_000, Math.max(250, (targetS || 2) * 125));
    stream.timer = setTimeout(() => void poll(url, stream), every);
    stream.timer.unref?.();
  };

  return {
    copiesFor(url) {
      if (destroyed) return null;
      let stream = streams.get(url);
      if (!stream) {
        stream = {
          multivariant: null,
          fetchedAtMs: 0,
          failedAtMs: null,
          askingMultivariant: false,
          watchedUntilMs: 0,
          media: new Map(),
          polling: false,
          timer: null,
        };
        streams.set(url, stream);
      }
      const at = now();
      const age = at - stream.fetchedAtMs;
      const resting = stream.failedAtMs !== null && at - stream.failedAtMs < RETRY_MS;
      if (!stream.askingMultivariant && !resting && (stream.multivariant === null || age >= MULTIVARIANT_MAX_AGE_MS)) {
        const first = stream.multivariant === null;
        const watched = stream;
        // The first copy brings the first round of media playlists with it.
        void askMultivariant(url, stream).then(() => first && !watched.polling && poll(url, watched));
      }
      stream.watchedUntilMs = at + WATCHED_MS;
      if (!stream.polling && stream.multivariant !== null) void poll(url, stream);
      if (stream.multivariant === null || age >= MULTIVARIANT_STALE_MS) return null;
      const media = [...stream.media]
        .filter(([, copy]) => at - copy.writtenAtMs <= MEDIA_MAX_AGE_MS)
        .map(([uri, copy]) => ({ url: uri, text: copy.text, writtenAtMs: copy.writtenAtMs }));
      return { multivariant: stream.multivariant, media };
    },
    destroy() {
      destroyed = true;
      for (const abort of inFlight) abort.abort();
      for (const stream of streams.values()) if (stream.timer) clearTimeout(stream.timer);
      streams.clear();
    },
  };
}
