import type { ClosedCaptionRendition, Multivariant, SubtitleRendition, Variant } from '../hls/multivariant.ts';
import type { TextTrack } from '../types/quality.ts';

/**
 * The stream's text tracks and the one the page wants shown (pure): the subtitle renditions of
 * the variant's SUBTITLES group (id: the NAME, unique in a group), then the CEA-608 channels of
 * its video (id `cc1` … `cc4`), listed where a CLOSED-CAPTIONS rendition names them (its name
 * and language) or once the remuxer finds one. The page's choice is kept even before the track
 * it names is listed (a reload, another sink: it shows once the track is there).
 */
export class TextTracks {
  /** The page's choice (setTextTrack), null: none. */
  wanted: string | null = null;
  private subtitles: SubtitleRendition[] = [];
  private captions: ClosedCaptionRendition[] = [];
  private readonly found = new Set<string>();

  /** A new source: the groups `variant` names. */
  set(multivariant: Multivariant, variant: Variant | undefined): void {
    const group = <T>(groups: Record<string, T[]>, id: string | null | undefined) => (id ? (groups[id] ?? []) : []);
    this.subtitles = group(multivariant.subtitleGroups, variant?.subtitleGroup);
    this.captions = group(multivariant.closedCaptionGroups, variant?.closedCaptionGroup);
    this.found.clear();
  }

  /** A CEA-608 channel found in the video ('CC1'): true when that makes a new track. */
  foundInBand(channel: string): boolean {
    const id = channel.toLowerCase();
    if (this.found.has(id)) return false;
    this.found.add(id);
    return !this.captions.some((c) => c.instreamId.toLowerCase() === id);
  }

  list(): TextTrack[] {
    const tracks: TextTrack[] = this.subtitles.map((r) => ({
      ...{ id: r.name, name: r.name, language: r.language },
      ...{ kind: 'subtitles' as const, default: r.default },
    }));
    for (const r of this.captions) {
      const id = r.instreamId.toLowerCase();
      tracks.push({ id, name: r.name, language: r.language, kind: 'captions', default: r.default });
    }
    for (const id of this.found) {
      if (!tracks.some((t) => t.id === id)) {
        tracks.push({ id, name: id.toUpperCase(), language: '', kind: 'captions', default: false });
      }
    }
    return tracks;
  }

  /** The track shown: the wanted one, where the stream lists it. */
  selected(): string | null {
    const wanted = this.wanted;
    return wanted !== null && this.list().some((t) => t.id === wanted) ? wanted : null;
  }

  /** The subtitle rendition shown, or null (none, or captions). */
  subtitle(): SubtitleRendition | null {
    return this.subtitles.find((r) => r.name === this.selected()) ?? null;
  }
}
