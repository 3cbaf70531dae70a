import { variantToQuality, type Quality } from '../types/quality.ts';
import { numberAttribute, parseAttributes, PlaylistError, playlistLines, requireExtM3u, resolveUri } from './m3u8.ts';

/** One EXT-X-STREAM-INF entry and the quality the player shows for it. */
export interface Variant {
  /** The media playlist, absolute. */
  url: string;
  quality: Quality;
  /** Its AUDIO attribute: the group of EXT-X-MEDIA audio renditions it plays with, or null. */
  audioGroup: string | null;
  /** Its SUBTITLES attribute: the group of subtitle renditions that go with it, or null. */
  subtitleGroup: string | null;
  /** Its CLOSED-CAPTIONS attribute (a group naming the captions in its video), or null (absent, NONE). */
  closedCaptionGroup: string | null;
}

/** An EXT-X-MEDIA TYPE=AUDIO rendition (RFC 8216 §4.3.4.1). */
export interface AudioRendition {
  groupId: string;
  name: string;
  /** RFC 5646 tag, '' when absent. */
  language: string;
  default: boolean;
  autoselect: boolean;
  /** Its own media playlist (absolute), or null: the audio is in the variant's own media. */
  url: string | null;
  /** CHANNELS' first field (the count), 0 when absent. */
  channels: number;
}

/** An EXT-X-MEDIA TYPE=SUBTITLES rendition (RFC 8216 §4.3.4.1): WebVTT in its own playlist. */
export interface SubtitleRendition {
  groupId: string;
  name: string;
  /** RFC 5646 tag, '' when absent. */
  language: string;
  default: boolean;
  autoselect: boolean;
  /** FORCED=YES: only what the viewer must read (signs, another language spoken). */
  forced: boolean;
  /** Its media playlist, absolute. */
  url: string;
}

/**
 * An EXT-X-MEDIA TYPE=CLOSED-CAPTIONS rendition: no playlist of its own, it names and labels
 * the CEA-608 captions carried in the video (INSTREAM-ID CC1…CC4; CEA-708 SERVICEn is left out).
 */
export interface ClosedCaptionRendition {
  groupId: string;
  name: string;
  language: string;
  default: boolean;
  autoselect: boolean;
  /** 'CC1' … 'CC4'. */
  instreamId: string;
}

export interface Multivariant {
  /** Variants in playlist order. */
  variants: Variant[];
  /** EXT-X-SESSION-DATA: DATA-ID → VALUE (or the absolute URI when it has no VALUE). */
  sessionData: Record<string, string>;
  /** EXT-X-START TIME-OFFSET, 0 when absent. */
  startOffset: number;
  /** Audio renditions by GROUP-ID, in playlist order. */
  audioGroups: Record<string, AudioRendition[]>;
  /** Subtitle renditions by GROUP-ID, in playlist order. */
  subtitleGroups: Record<string, SubtitleRendition[]>;
  /** Closed-caption renditions by GROUP-ID, in playlist order. */
  closedCaptionGroups: Record<string, ClosedCaptionRendition[]>;
  /**
   * Alternate renditions the engine does not play (alternate video angles: an EXT-X-MEDIA of
   * TYPE VIDEO with a URI): their presence makes it decline the source to the compatibility
   * sink (docs/player.md).
   */
  alternateRenditions: number;
}

/**
 * A multivariant playlist (RFC 8216 §4.3.4). A media playlist given where a multivariant one
 * was expected is answered as a single variant of unknown quality, as browsers do.
 */
export function parseMultivariant(text: string, url: string): Multivariant {
  requireExtM3u(text);
  const lines = playlistLines(text);
  const result: Multivariant = {
    variants: [],
    sessionData: {},
    startOffset: 0,
    audioGroups: {},
    subtitleGroups: {},
    closedCaptionGroups: {},
    alternateRenditions: 0,
  };
  if (lines.some((l) => l.tag === 'EXTINF' || l.tag === 'EXT-X-TARGETDURATION')) {
    result.variants.push({
      url,
      quality: { name: 'auto', group: 'auto', codecs: '', bitrate: 0, width: 0, height: 0, framerate: 0 },
      audioGroup: null,
      subtitleGroup: null,
      closedCaptionGroup: null,
    });
    return result;
  }
  let pending: Record<string, string> | null = null;
  for (const line of lines) {
    if (line.tag === 'EXT-X-STREAM-INF') {
      pending = { ...parseAttributes(line.value) };
    } else if (line.tag === null && pending) {
      const quality = variantToQuality({ attrs: pending, bitrate: numberAttribute(pending, 'BANDWIDTH', 0) });
      const captions = pending['CLOSED-CAPTIONS'];
      result.variants.push({
        url: resolveUri(line.value, url),
        quality,
        audioGroup: pending.AUDIO ?? null,
        subtitleGroup: pending.SUBTITLES ?? null,
        closedCaptionGroup: captions && captions !== 'NONE' ? captions : null,
      });
      pending = null;
    } else if (line.tag === 'EXT-X-SESSION-DATA') {
      const attrs = parseAttributes(line.value);
      const id = attrs['DATA-ID'];
      if (id) result.sessionData[id] = attrs.VALUE ?? (attrs.URI ? sessionDataUri(attrs.URI, url) : '');
    } else if (line.tag === 'EXT-X-START') {
      result.startOffset = numberAttribute(parseAttributes(line.value), 'TIME-OFFSET', 0);
    } else if (line.tag === 'EXT-X-MEDIA') {
      mediaTag(parseAttributes(line.value), url, result);
    }
  }
  if (result.variants.length === 0) throw new PlaylistError('multivariant playlist lists no variant');
  return result;
}

/** One EXT-X-MEDIA into its group; a rendition missing what it must have is left out. */
function mediaTag(attrs: Record<string, string>, base: string, result: Multivariant): void {
  const { TYPE: type, 'GROUP-ID': groupId } = attrs;
  if (type !== 'AUDIO' && type !== 'SUBTITLES' && type !== 'CLOSED-CAPTIONS') {
    if (attrs.URI) result.alternateRenditions += 1;
    return;
  }
  if (!groupId) return;
  const common = {
    groupId,
    name: attrs.NAME ?? attrs.LANGUAGE ?? groupId,
    language: attrs.LANGUAGE ?? '',
    default: attrs.DEFAULT === 'YES',
    autoselect: attrs.AUTOSELECT === 'YES',
  };
  if (type === 'AUDIO') {
    const url = attrs.URI ? resolveUri(attrs.URI, base) : null;
    const channels = Number.parseInt(attrs.CHANNELS ?? '', 10) || 0;
    (result.audioGroups[groupId] ??= []).push({ ...common, url, channels });
  } else if (type === 'SUBTITLES') {
    if (!attrs.URI) return;
    const rendition = { ...common, forced: attrs.FORCED === 'YES', url: resolveUri(attrs.URI, base) };
    (result.subtitleGroups[groupId] ??= []).push(rendition);
  } else {
    const instreamId = attrs['INSTREAM-ID'] ?? '';
    if (/^CC[1-4]$/.test(instreamId)) (result.closedCaptionGroups[groupId] ??= []).push({ ...common, instreamId });
  }
}

/** SESSION-DATA is the page's to read, not the player's to fetch: a URI that is not http(s) is left out. */
function sessionDataUri(uri: string, base: string): string {
  try {
    return resolveUri(uri, base);
  } catch {
    return '';
  }
}
