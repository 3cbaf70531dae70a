import type { SubtitleLoopHost } from './subtitle-loop.ts';

/** What the text track show drives of a subtitle loop (subtitle-loop.ts SubtitleLoop). */
export interface SubtitleRun {
  /** The text track's id. */
  readonly id: string;
  run(gen: number): Promise<void>;
  reset(): void;
  stop(): void;
}

/** Makes the loop for subtitle rendition `id` at `url` (subtitle-script.ts, loaded on first use). */
export type SubtitleLoopFactory = (host: SubtitleLoopHost, id: string, url: string) => SubtitleRun;

/**
 * Loads the subtitle loop where the engine runs (the worker: importScripts of its own script,
 * subtitle-script.ts); absent or failing where it cannot, and then subtitles are not shown.
 */
export type SubtitleLoader = () => Promise<SubtitleLoopFactory>;
