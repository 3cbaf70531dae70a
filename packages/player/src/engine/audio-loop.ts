import type { MediaPlaylist } from '../hls/media-playlist.ts';
import type { EngineDeps } from './engine-deps.ts';
import { InitSegments } from './init-segments.ts';
import type { Loaded } from './loader.ts';
import type { FetchOptions } from './media-loop.ts';
import { nextLoad, type Cursor, type TrackStart } from './part-scheduler.ts';
import { pieceFailure } from './piece-failure.ts';
import type { EngineEvent } from './protocol.ts';
import type { Wakeups } from './wakeups.ts';

/**
 * Where the audio starts, from its own playlist (pure): the segment that holds the main
 * track's start, by date where both playlists carry EXT-X-PROGRAM-DATE-TIME, else by media
 * sequence number (packagers number the renditions of one encode alike), then one segment
 * earlier: packagers cut audio and video at slightly different times (an AAC frame is 21 ms),
 * and audio that begins after the video's first frame would hold the element at its start.
 * Null while the playlist lists nothing there.
 */
export function alignedAudioStart(playlist: MediaPlaylist, start: TrackStart): Cursor | null {
  const segments = playlist.segments;
  if (segments.length === 0) return null;
  let index = -1;
  if (start.dateMs !== null && segments.every((s) => s.dateMs !== null)) {
    for (let i = 0; i < segments.length; i++) if (segments[i]!.dateMs! <= start.dateMs + 1) index = i;
  }
  if (index < 0) index = segments.findIndex((s) => s.msn === start.msn);
  // Not listed: the main start is past this playlist's edge (it lags), or behind its window.
  if (index < 0) index = start.msn > segments.at(-1)!.msn ? segments.length - 1 : 0;
  return { msn: segments[Math.max(0, index - 1)]!.msn, part: 0 };
}

/** What the audio loop reads and drives of its engine (live-engine.ts). */
export interface AudioLoopHost {
  readonly deps: EngineDeps;
  readonly generation: number;
  readonly position: number;
  readonly wakeups: Wakeups;
  /** The main track's start, once the media loop has planned it. */
  readonly mainStart: TrackStart | null;
  fetchWithRetry(url: string, gen: number, options: FetchOptions): Promise<Loaded | null>;
  fail(event: EngineEvent): void;
  destroy(): void;
  /** The audio is loaded to the end of a stream that has one. */
  trackEnded(track: 'audio'): void;
  /** Frees what is behind the position (a full SourceBuffer). */
  makeRoom(): Promise<void>;
}

/** Audio further ahead of the position than this is not loaded yet (as the main track's). */
const MAX_AUDIO_AHEAD_S = 30;
/** After a full SourceBuffer refused a piece: how long to let the element play before trying again. */
const QUOTA_RETRY_MS = 500;

/**
 * An alternate audio rendition's loop (EXT-X-MEDIA TYPE=AUDIO with its own playlist): its
 * segments, parts and hints in order into the audio SourceBuffer, from where the main track
 * starts. The rendition's playlist is kept current by a refresher of its own (the engine's);
 * ABR never switches audio (one rendition per language, and a few dozen kbit/s). One run per
 * generation, as the media loop.
 */
export class AudioLoop {
  readonly init = new InitSegments('audio');
  playlist: MediaPlaylist | null = null;
  private cursor: Cursor | null = null;

  constructor(
    private readonly host: AudioLoopHost,
    /** The audio codecs (the variant's CODECS without its video ones). */
    readonly codecs: string,
  ) {}

  /** A new generation: the audio starts again from the main track's next start. */
  reset(): void {
    this.cursor = null;
  }

  /** Creates the audio SourceBuffer now: before the main track's first init segment (media-target.ts). */
  prepare(): Promise<void> {
    return this.init.prepare(this.host.deps.target, this.codecs);
  }

  async run(gen: number): Promise<void> {
    const host = this.host;
    while (gen === host.generation) {
      const playlist = this.playlist;
      const start = host.mainStart;
      if (!playlist || !start) {
        await host.wakeups.changed();
        continue;
      }
      this.cursor ??= alignedAudioStart(playlist, start);
      if (!this.cursor || this.aheadS() > MAX_AUDIO_AHEAD_S) {
        await host.wakeups.sleep(500);
        continue;
      }
      const next = nextLoad(playlist, this.cursor);
      if (next.kind === 'wait') {
        await host.wakeups.changed();
        continue;
      }
      if (next.kind === 'ended') {
        host.trackEnded('audio');
        return;
      }
      if (next.kind === 'behind') {
        this.cursor = null;
        continue;
      }
      const segment = playlist.segments.find((s) => s.msn === next.cursor.msn) ?? playlist.segments.at(-1);
      const mapUrl = segment?.mapUrl ?? null;
      if (!mapUrl) {
        // MPEG-TS audio, which this engine does not demux.
        host.fail({ type: 'declined', reason: 'MPEG-TS audio rendition' });
        return;
      }
      try {
        if (this.init.needs(mapUrl)) {
          const init = await host.fetchWithRetry(mapUrl, gen, { kind: 'init' });
          if (!init || gen !== host.generation) return;
          await this.init.apply(host.deps.target, mapUrl, init.bytes, this.codecs);
        }
        const loaded = await host.fetchWithRetry(next.url, gen, { kind: 'fragment' });
        if (!loaded || gen !== host.generation) return;
        await host.deps.target.append(loaded.bytes, 'audio');
        if (gen !== host.generation) return;
        this.cursor = next.next;
      } catch (error) {
        if (gen !== host.generation) return;
        const verdict = pieceFailure(error, { hint: next.kind === 'hint', passedBy: false });
        switch (verdict.kind) {
          case 'waitForPlaylist':
            await host.wakeups.changed();
            break;
          case 'restartAtEdge':
            this.cursor = null;
            break;
          case 'makeRoom':
            await host.makeRoom();
            await new Promise<void>((resolve) => host.deps.timers.setTimeout(() => resolve(), QUOTA_RETRY_MS));
            break;
          case 'stopSilently':
            host.destroy();
            return;
          case 'fail':
            host.fail(verdict.event);
            return;
          case 'rethrow':
            throw error;
        }
      }
    }
  }

  /** Seconds of audio buffered ahead of the position (0 before the start seek). */
  private aheadS(): number {
    const position = this.host.position;
    if (!Number.isFinite(position)) return 0;
    const range = this.host.deps.target.buffered('audio').find((r) => r.start <= position + 0.1 && r.end > position);
    return range ? range.end - position : 0;
  }
}
