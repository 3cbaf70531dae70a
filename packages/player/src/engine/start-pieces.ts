import { parseMediaPlaylist, RANGE_FRAGMENT } from '../hls/media-playlist.ts';
import { parseMultivariant } from '../hls/multivariant.ts';
import { freshEarlyPlaylist, type EarlyMediaPlaylist } from './early-playlists.ts';
import { Renditions } from './renditions.ts';
import { planStart } from './start-plan.ts';

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
  try {
    const multivariant = parseMultivariant(input.multivariant, input.url);
    if (multivariant.alternateRenditions > 0) return [];
    const renditions = new Renditions();
    renditions.set(multivariant.variants, input.isTypeSupported);
    const variant = renditions.choose(-1, true, {
      throughputBps: null,
      bufferS: 0,
      viewport: input.viewport,
      transcodesOnly: false,
      audioOnly: false,
    });
    if (variant < 0) return [];
    const variantUrl = renditions.all[variant]!.url;
    const copy = freshEarlyPlaylist(input.media, variantUrl, input.nowMs);
    if (!copy) return [];
    const plan = planStart(parseMediaPlaylist(copy.text, variantUrl), input.lowLatency, () => true);
    return (plan?.urls ?? []).filter((url) => !url.includes(RANGE_FRAGMENT));
  } catch {
    // A playlist the parsers refuse: the engine says so, in its own time.
    return [];
  }
}
