import { parseMediaPlaylist } from '../hls/media-playlist.ts';
import type { Multivariant, Variant } from '../hls/multivariant.ts';
import type { EngineRequests } from './engine-requests.ts';
import { SUBTITLE_RETRY } from './loader.ts';
import type { EngineEvent } from './protocol.ts';
import type { SubtitleLoopFactory, SubtitleRun } from './subtitle-loader.ts';
import type { SubtitleLoopHost } from './subtitle-loop.ts';
import { TextTracks } from './text-tracks.ts';
import type { RemuxedCaption } from './ts/ts-remuxer.ts';

/** What showing text tracks reads of its engine (live-engine.ts), and where it reports. */
export interface TextTrackShowHost extends Pick<
  SubtitleLoopHost,
  'generation' | 'position' | 'wakeups' | 'monotonic' | 'timeReference' | 'mediaOffset'
> {
  /** The loops run (a subtitle loop started now runs at once). */
  running(): boolean;
  /** The current generation's abort signal. */
  signal(): AbortSignal;
  readonly requests: EngineRequests;
  emit(event: EngineEvent): void;
  /** The subtitle loop's code, loaded on first use (subtitle-loader.ts); null where it cannot be had. */
  subtitleLoops(): Promise<SubtitleLoopFactory | null>;
}

/**
 * The text track the page shows, out of the stream's subtitle renditions and in-band captions
 * (text-tracks.ts lists them): a subtitle loop for the one shown (subtitle-loop.ts), none for
 * the others, and in-band CEA-608 cues passed on only for the one shown. Tells the page the list
 * and the choice (`textTracks`), and the cues (`captions`, by track). Never fatal to playback.
 */
export class TextTrackShow {
  private readonly text = new TextTracks();
  /** The subtitle rendition shown, and its loop once its code has loaded. */
  private shown: { name: string; url: string } | null = null;
  private subtitles: SubtitleRun | null = null;

  constructor(private readonly host: TextTrackShowHost) {}

  /** The stream's playlist and the variant playing: what can be shown, and the loop for the choice. */
  setStream(multivariant: Multivariant, variant: Variant | undefined): void {
    this.text.set(multivariant, variant);
    this.showSubtitles(this.text.subtitle());
    if (this.text.list().length > 0) this.emitTracks();
  }

  /** A new source: no subtitle loads until its playlist says what can be shown. */
  clear(): void {
    this.showSubtitles(null);
  }

  /** A generation's loops start: the subtitle loop with them, from the new position. */
  start(gen: number): void {
    this.subtitles?.reset();
    void this.subtitles?.run(gen);
  }

  /**
   * Shows text track `id` (TextTrack), or none: a subtitle rendition's loop starts (and the one
   * before stops); in-band captions are passed on as the remuxer finds them. An id the stream
   * does not list (yet) is kept, and shows once listed.
   */
  setTextTrack(id: string | null): void {
    const before = this.text.selected();
    this.text.wanted = id;
    if (this.text.selected() === before) return;
    this.showSubtitles(this.text.subtitle());
    this.emitTracks();
  }

  /** CEA-608 captions the remuxer found: a channel new to the list is announced; the shown one's cues go to the page. */
  inBandCaptions(captions: RemuxedCaption[]): void {
    let listed = false;
    for (const caption of captions) listed = this.text.foundInBand(caption.stream) || listed;
    if (listed) this.emitTracks();
    const shown = this.text.selected();
    const cues = captions
      .filter((c) => c.stream.toLowerCase() === shown)
      .map(({ startTime, endTime, text }) => ({ startTime, endTime, text }));
    if (shown && cues.length > 0) this.host.emit({ type: 'captions', track: shown, cues });
  }

  private emitTracks(): void {
    this.host.emit({ type: 'textTracks', tracks: this.text.list(), selected: this.text.selected() });
  }

  /**
   * The subtitle loop for `rendition` (stopping any other), running where the loops run as soon
   * as its code is in (the first time a subtitle rendition is shown, a script of its own).
   */
  private showSubtitles(rendition: { name: string; url: string } | null): void {
    if (this.shown?.name === rendition?.name) return;
    this.subtitles?.stop();
    this.subtitles = null;
    this.shown = rendition;
    if (!rendition) return;
    void this.host.subtitleLoops().then((create) => {
      if (this.shown !== rendition) return; // another choice meanwhile
      if (!create) return this.host.emit({ type: 'warning', message: 'subtitles cannot be shown here' });
      this.subtitles = create(this.loopHost(), rendition.name, rendition.url);
      if (this.host.running()) void this.subtitles.run(this.host.generation());
    });
  }

  private loopHost(): SubtitleLoopHost {
    const host = this.host;
    const scope = (gen: number) => ({ signal: host.signal(), current: () => gen === host.generation() });
    const warn = (message: string) => host.emit({ type: 'warning', message });
    return {
      generation: () => host.generation(),
      position: () => host.position(),
      wakeups: host.wakeups,
      monotonic: () => host.monotonic(),
      timeReference: () => host.timeReference(),
      mediaOffset: () => host.mediaOffset(),
      loadPlaylist: (playlistUrl, gen) =>
        host.requests.playlist(
          playlistUrl,
          scope(gen),
          (text) => parseMediaPlaylist(text, playlistUrl),
          (event) => warn(`the subtitle playlist failed: ${event.type === 'error' ? event.error.message : event.type}`),
        ),
      loadText: async (segmentUrl, gen) => {
        const loaded = await host.requests.load(segmentUrl, scope(gen), { policy: SUBTITLE_RETRY, kind: 'subtitle' });
        return loaded && new TextDecoder().decode(loaded.bytes);
      },
      cues: (track, cues) => host.emit({ type: 'captions', track, cues }),
      warn,
    };
  }
}
