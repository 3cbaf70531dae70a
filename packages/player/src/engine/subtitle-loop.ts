import type { MediaPlaylist } from '../hls/media-playlist.ts';
import { parseWebVtt, unwrapPts, type VttCue } from '../hls/webvtt.ts';
import type { TimeReference } from './timeline-anchor.ts';
import type { Wakeups } from './wakeups.ts';

/** Cues are loaded from this far behind the position (a cue still on screen began earlier)… */
export const SUBTITLE_BEHIND_S = 4;
/** …to this far ahead of it: the page's cue scheduler holds them until they are due. */
export const SUBTITLE_AHEAD_S = 20;
/** The position this far behind where it was: a seek back, whose cues were released already. */
const SEEK_BACK_S = 1;
/** A subtitle playlist that could not be had is asked for again this much later. */
export const SUBTITLE_PLAYLIST_RETRY_MS = 5000;
/** How long the loop waits when there is nothing to load yet (the position moves on). */
const IDLE_MS = 500;

/** A subtitle segment placed on the element's timeline. */
export interface TimedSegment {
  url: string;
  start: number;
  end: number;
}

/**
 * The playlist's segments on the element's timeline (pure), placed by the main track's
 * reference: by EXT-X-PROGRAM-DATE-TIME where the reference has a date and every segment one,
 * else by media sequence number (packagers number the renditions of one encode alike, as the
 * audio loop's alignedAudioStart assumes) and the durations from there; a reference outside
 * the playlist's window is reached in target durations. Segments with a gap or a key (an
 * encrypted subtitle segment: not ours to read) are left out.
 */
export function segmentTimes(playlist: MediaPlaylist, ref: TimeReference): TimedSegment[] {
  const segments = playlist.segments;
  if (segments.length === 0) return [];
  const dateOffset = ref.dateOffset;
  const byDate = dateOffset !== null && segments.every((s) => s.dateMs !== null);
  let at = segments.findIndex((s) => s.msn === ref.msn);
  let start = ref.start;
  if (at < 0) {
    at = ref.msn < segments[0]!.msn ? 0 : segments.length - 1;
    start += (segments[at]!.msn - ref.msn) * playlist.targetDuration;
  }
  for (let i = at; i > 0; i--) start -= segments[i - 1]!.duration;
  const times: TimedSegment[] = [];
  for (const segment of segments) {
    const from = byDate ? segment.dateMs! / 1000 - dateOffset : start;
    start += segment.duration;
    if (segment.url && !segment.gap && !segment.key) {
      times.push({ url: segment.url, start: from, end: from + segment.duration });
    }
  }
  return times;
}

/**
 * The segment to load next (pure): one not loaded yet that overlaps the range from a little
 * behind the position to a bit ahead, the one playing first, then those ahead in order, then
 * those behind; null when every one there is loaded.
 */
export function nextSubtitleSegment(
  times: readonly TimedSegment[],
  position: number,
  loaded: ReadonlySet<string>,
): TimedSegment | null {
  const wanted = times.filter(
    (s) => s.end > position - SUBTITLE_BEHIND_S && s.start < position + SUBTITLE_AHEAD_S && !loaded.has(s.url),
  );
  return wanted.find((s) => s.end > position) ?? wanted[0] ?? null;
}

/** What the subtitle loop reads and drives of its engine (live-engine.ts). */
export interface SubtitleLoopHost {
  generation(): number;
  /** The element's position (NaN before the page has said). */
  position(): number;
  readonly wakeups: Wakeups;
  monotonic(): number;
  /** Where the main track is on the element's timeline; null before this generation's first append. */
  timeReference(): TimeReference | null;
  /** Element time minus media time: the media loop's timestamp offset (timestamp-offsets.ts). */
  mediaOffset(): number;
  /** The rendition's playlist; null when the generation ended or it failed (reported as a warning). */
  loadPlaylist(url: string, gen: number): Promise<MediaPlaylist | null>;
  /** A segment's text; null when the generation ended; throws when it could not be had. */
  loadText(url: string, gen: number): Promise<string | null>;
  /** Cues of `track` on the element's timeline, ahead of their time. */
  cues(track: string, cues: VttCue[]): void;
  /** Something skipped, never fatal: the page logs it. */
  warn(message: string): void;
}

/**
 * The text track shown, where it is a subtitle rendition (EXT-X-MEDIA TYPE=SUBTITLES): its
 * playlist once (a VOD, an ended EVENT) or again every target duration (live), and the
 * WebVTT segments around the position, each once (a seek back loads them again), parsed to cues
 * on the element's timeline (X-TIMESTAMP-MAP, then the media loop's offset). Nothing here is
 * fatal to playback: a segment that fails is logged and passed by. One run per generation, as
 * the other loops, ended early by `stop` (another track shown, or none).
 */
export class SubtitleLoop {
  private playlist: MediaPlaylist | null = null;
  /** When the playlist was last asked for (monotonic ms). */
  private askedAt = Number.NEGATIVE_INFINITY;
  private readonly loaded = new Set<string>();
  private lastPosition = Number.NaN;
  private stopped = false;

  constructor(
    private readonly host: SubtitleLoopHost,
    /** The text track's id. */
    readonly id: string,
    readonly url: string,
  ) {}

  /** Another track is shown, or none: nothing more is loaded or emitted. */
  stop(): void {
    this.stopped = true;
  }

  /** A new generation (a seek where nothing is buffered, a jump to live): loads again near the new position. */
  reset(): void {
    this.loaded.clear();
  }

  async run(gen: number): Promise<void> {
    const host = this.host;
    const current = () => gen === host.generation() && !this.stopped;
    while (current()) {
      const refresh = this.refreshMs();
      if (refresh !== null && host.monotonic() - this.askedAt >= refresh) {
        this.askedAt = host.monotonic();
        const playlist = await host.loadPlaylist(this.url, gen);
        if (!current()) return;
        if (playlist) this.took(playlist);
        continue;
      }
      const next = this.next();
      if (!next) {
        await host.wakeups.sleep(IDLE_MS);
        continue;
      }
      this.loaded.add(next.url);
      await this.load(next, gen, current);
    }
  }

  /** How often the playlist is asked for: null once it has ended (VOD, an ended EVENT). */
  private refreshMs(): number | null {
    const playlist = this.playlist;
    if (!playlist) return SUBTITLE_PLAYLIST_RETRY_MS;
    return playlist.endList ? null : Math.max(1000, playlist.targetDuration * 1000);
  }

  private took(playlist: MediaPlaylist): void {
    this.playlist = playlist;
    // What left a live window is forgotten: the set stays the window's size.
    const listed = new Set(playlist.segments.map((s) => s.url));
    for (const url of this.loaded) if (!listed.has(url)) this.loaded.delete(url);
  }

  private next(): TimedSegment | null {
    const position = this.host.position();
    const ref = this.host.timeReference();
    if (!this.playlist || !ref || !Number.isFinite(position)) return null;
    if (position < this.lastPosition - SEEK_BACK_S) this.loaded.clear();
    this.lastPosition = position;
    return nextSubtitleSegment(segmentTimes(this.playlist, ref), position, this.loaded);
  }

  private async load(segment: TimedSegment, gen: number, current: () => boolean): Promise<void> {
    const host = this.host;
    try {
      const text = await host.loadText(segment.url, gen);
      if (text === null || !current()) return;
      const offset = host.mediaOffset();
      const cues = parseWebVtt(text).map(({ startTime, endTime, text }) => {
        // The map's MPEG-2 clock wraps every 26.5 h; the media timeline does not (webvtt.ts).
        const shift = unwrapPts(startTime, segment.start - offset) - startTime + offset;
        return { startTime: startTime + shift, endTime: endTime + shift, text };
      });
      if (cues.length > 0) host.cues(this.id, cues);
    } catch (error) {
      if (current()) host.warn(`a subtitle segment was skipped: ${(error as Error).message}`);
    }
  }
}
