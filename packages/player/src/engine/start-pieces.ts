import { parseMediaPlaylist, RANGE_FRAGMENT, type MediaPlaylist } from '../hls/media-playlist.ts';
import { parseMultivariant } from '../hls/multivariant.ts';
import type { Variant } from '../hls/multivariant.ts';
import { freshEarlyPlaylist, type EarlyMediaPlaylist } from './early-playlists.ts';
import { splitCodecs, trackMime } from './init-segments.ts';
import { ageAtArrivalMs } from './playlist-age.ts';
import { Renditions } from './renditions.ts';
import { planStart, type StartPlan } from './start-plan.ts';

/** What the page holds before the engine's worker runs: the platform's early data, and the frame's size. */
export interface StartPiecesInput {
  /** The multivariant playlist's absolute URL and text. */
  url: string;
  multivariant: string;
  /** The media playlists the page holds (early-playlists.ts). */
  media: readonly EarlyMediaPlaylist[];
  /** The frame in device pixels, as `setAutoViewportSize` tells the engine. */
  viewport: { width: number; height: number };
  isTypeSupported: (mime: string) => boolean;
  lowLatency: boolean;
  nowMs: number;
}

/**
 * The URLs the engine's start will ask for first (its init segment and first pieces), worked
 * out on the page from the same playlists, by the same rules, while the engine's worker is
 * still starting (issue 36): the page asks for them and hands them over (page-pieces.ts). A
 * piece the page guessed wrong is a request wasted, never a wrong picture: the engine asks for
 * what its own plan says.
 *
 * The engine's first choices, in its order (live-engine.ts loadMultivariant): the start variant
 * for the frame's size with no estimate yet, its media playlist where the page's copy is young
 * enough, and the start plan (start-plan.ts). Nothing for a stream the engine declines or one it
 * would ask the origin for first (no fresh copy), and no piece read by byte range (the page
 * fetches whole URLs).
 */
export function startPieces(input: StartPiecesInput): string[] {
  return startRequests(input).pieces;
}

/** The start's pieces and its first picture's, from one reading of the playlists. */
export interface StartRequests {
  /** startPieces: every URL the engine's start asks for first, none read by byte range. */
  pieces: string[];
  /** startPicturePieces: what the page needs to show the start's first picture, or null. */
  picture: StartPicturePieces | null;
}

/**
 * Both of the page's answers at once: the early start asks for the pieces and shows the picture
 * from the same plan. The two apart parsed the multivariant and media playlists and planned the
 * start twice, in the page's one early script, ahead of the first piece's request.
 */
export function startRequests(input: StartPiecesInput): StartRequests {
  try {
    const variant = startVariant(input);
    if (!variant) return { pieces: [], picture: null };
    const copy = freshEarlyPlaylist(input.media, variant.url, input.nowMs);
    if (!copy) return { pieces: [], picture: null };
    const playlist = parseMediaPlaylist(copy.text, variant.url);
    const plan = planStart(playlist, input.lowLatency, () => true);
    const pieces = (plan?.urls ?? []).filter((url) => !url.includes(RANGE_FRAGMENT));
    return { pieces, picture: plan ? pictureOf(input, variant, playlist, plan) : null };
  } catch {
    // A playlist the parsers refuse: the engine says so, in its own time.
    return { pieces: [], picture: null };
  }
}

/**
 * The media playlist the engine's start asks for first: the start variant's for the frame's
 * size with no estimate yet (live-engine.ts loadMultivariant); an audio rendition's it asks for
 * itself. Null for a source the engine declines (alternate video renditions), a variant this
 * browser cannot decode, and a multivariant playlist the parser refuses. A page that does not hold it (a stream from
 * elsewhere) may ask for it while the worker starts, and hand it over with `load`'s `media`.
 */
export function startVariantUrl(
  input: Pick<StartPiecesInput, 'url' | 'multivariant' | 'viewport' | 'isTypeSupported'>,
): string | null {
  return startVariant(input)?.url ?? null;
}

/**
 * What the page needs to show the start's first picture on a MediaSource of its own while the
 * engine's worker is still starting (issue 36): the start's init segment (null for MPEG-TS
 * segments, which carry their own) and first piece, which begins with the independent frame the
 * engine's own first picture shows (its start seek's first step), and the SourceBuffer type
 * for them. Null where the page could not show that picture itself: no piece to start from, a
 * variant without a picture, encrypted or byte-range pieces, a gap.
 */
export interface StartPicturePieces {
  type: string;
  init: string | null;
  first: string;
}

export function startPicturePieces(input: StartPiecesInput): StartPicturePieces | null {
  return startRequests(input).picture;
}

function pictureOf(
  input: Pick<StartPiecesInput, 'isTypeSupported'>,
  variant: Variant,
  playlist: MediaPlaylist,
  plan: StartPlan,
): StartPicturePieces | null {
  const first = plan.urls[plan.mapUrl ? 1 : 0];
  const segment = playlist.segments.find((s) => s.msn === plan.cursor.msn);
  if (!first || !segment || first.includes(RANGE_FRAGMENT) || plan.mapUrl?.includes(RANGE_FRAGMENT)) return null;
  if (segment.key || segment.gap || playlist.drm.length > 0 || playlist.unsupportedKey !== null) return null;
  // With its audio in a rendition of its own, the variant's media holds only its picture.
  const codecs = variant.audioGroup === null ? variant.quality.codecs : splitCodecs(variant.quality.codecs).video;
  if (variant.quality.codecs && !splitCodecs(variant.quality.codecs).video) return null;
  // Without an init segment the pieces are MPEG-TS (packed audio has no picture: see above),
  // which Chromium's MediaSource takes as they are; the page asks whether it does.
  const type = plan.mapUrl ? trackMime('main', codecs) : trackMime('main', codecs).replace('video/mp4', 'video/mp2t');
  return input.isTypeSupported(type) ? { type, init: plan.mapUrl, first } : null;
}

function startVariant(
  input: Pick<StartPiecesInput, 'url' | 'multivariant' | 'viewport' | 'isTypeSupported'>,
): Variant | null {
  try {
    const multivariant = parseMultivariant(input.multivariant, input.url);
    if (multivariant.alternateRenditions > 0) return null;
    const renditions = new Renditions();
    renditions.set(multivariant.variants, input.isTypeSupported);
    const variant = renditions.choose(-1, true, {
      throughputBps: null,
      bufferS: 0,
      viewport: input.viewport,
      transcodesOnly: false,
      audioOnly: false,
    });
    return variant < 0 ? null : renditions.all[variant]!;
  } catch {
    return null;
  }
}

/**
 * The copies in `media` young enough for the engine to start from now (early-playlists.ts):
 * a page that holds none of them asks for the start variant's itself (a platform's copies of a
 * stream from elsewhere go stale while nobody watches it).
 */
export function youngCopies(media: readonly EarlyMediaPlaylist[], nowMs: number): EarlyMediaPlaylist[] {
  return media.filter((copy) => freshEarlyPlaylist([copy], copy.url, nowMs) !== null);
}

/**
 * A media playlist the page asked for itself, as `load`'s `media` carries one: dated as the
 * engine dates its own requests' (playlist-age.ts: by the server's Last-Modified, at most a
 * target duration back), so the engine starts from it where it would from its own.
 */
export function pageMediaCopy(
  url: string,
  text: string,
  lastModified: string | null,
  receivedAtMs: number,
): EarlyMediaPlaylist {
  let maxMs = 0;
  try {
    const playlist = parseMediaPlaylist(text, url);
    maxMs = 1000 * (playlist.partTarget || playlist.targetDuration);
  } catch {
    // Undated, then: the engine's parser says what is wrong with it.
  }
  const modified = lastModified === null ? Number.NaN : Date.parse(lastModified);
  const age = ageAtArrivalMs(Number.isFinite(modified) ? modified : null, receivedAtMs, maxMs);
  return { url, text, writtenAtMs: receivedAtMs - age };
}
