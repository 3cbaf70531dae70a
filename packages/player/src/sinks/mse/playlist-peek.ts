import type {
  HlsConfig,
  Loader,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  PlaylistLoaderContext,
} from 'hls.js';

/** The LL-HLS timing of a media playlist: PART-HOLD-BACK and PART-TARGET, in seconds. */
export interface PartTiming {
  partHoldBackS: number;
  partTargetS: number;
}

/** Reads the part timing from a media playlist's text; null for a playlist without parts. */
export function partTimingFromPlaylist(text: string): PartTiming | null {
  const target = /^#EXT-X-PART-INF:(?:.*,)?PART-TARGET=(\d+(?:\.\d+)?)/m.exec(text)?.[1];
  if (target === undefined) return null;
  const holdBack = /^#EXT-X-SERVER-CONTROL:(?:.*,)?PART-HOLD-BACK=(\d+(?:\.\d+)?)/m.exec(text)?.[1];
  return { partTargetS: Number(target), partHoldBackS: holdBack === undefined ? 0 : Number(holdBack) };
}

type PlaylistLoaderClass = new (config: HlsConfig) => Loader<PlaylistLoaderContext>;
/** hls.js's default loader serves every kind of request, playlists included. */
type AnyLoaderClass = new (config: HlsConfig) => Loader<LoaderContext>;

/**
 * A playlist loader that shows every playlist's text to `peek` before hls.js parses it.
 *
 * Why: hls.js picks its start position from its target latency while handling the first
 * LEVEL_LOADED, before any listener of ours runs. Setting our target from the first media
 * playlist's text, a moment earlier, makes playback start at our target instead of at
 * PART-HOLD-BACK and then take seconds of 1.1× to get there.
 */
export function peekingPlaylistLoader(
  base: PlaylistLoaderClass | AnyLoaderClass,
  peek: (text: string) => void,
): PlaylistLoaderClass {
  const Base = base as PlaylistLoaderClass;
  return class PeekingPlaylistLoader extends Base {
    override load(
      context: PlaylistLoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<PlaylistLoaderContext>,
    ): void {
      super.load(context, config, {
        ...callbacks,
        onSuccess: (response, stats, ctx, details) => {
          if (typeof response.data === 'string') peek(response.data);
          callbacks.onSuccess(response, stats, ctx, details);
        },
      });
    }
  };
}
