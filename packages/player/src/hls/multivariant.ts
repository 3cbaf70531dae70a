import { variantToQuality, type Quality } from '../types/quality.ts';
import { numberAttribute, parseAttributes, PlaylistError, playlistLines, requireExtM3u, resolveUri } from './m3u8.ts';

/** One EXT-X-STREAM-INF entry and the quality the player shows for it. */
export interface Variant {
  /** The media playlist, absolute. */
  url: string;
  quality: Quality;
}

export interface Multivariant {
  /** Variants in playlist order. */
  variants: Variant[];
  /** EXT-X-SESSION-DATA: DATA-ID → VALUE (or the absolute URI when it has no VALUE). */
  sessionData: Record<string, string>;
  /** EXT-X-START TIME-OFFSET, 0 when absent. */
  startOffset: number;
  /**
   * Alternate renditions (EXT-X-MEDIA with a URI): the engine does not play them (audio in a
   * separate playlist), so their presence makes it decline the source (docs/player.md).
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
  const result: Multivariant = { variants: [], sessionData: {}, startOffset: 0, alternateRenditions: 0 };
  if (lines.some((l) => l.tag === 'EXTINF' || l.tag === 'EXT-X-TARGETDURATION')) {
    result.variants.push({
      url,
      quality: { name: 'auto', group: 'auto', codecs: '', bitrate: 0, width: 0, height: 0, framerate: 0 },
    });
    return result;
  }
  let pending: Record<string, string> | null = null;
  for (const line of lines) {
    if (line.tag === 'EXT-X-STREAM-INF') {
      pending = { ...parseAttributes(line.value) };
    } else if (line.tag === null && pending) {
      const quality = variantToQuality({ attrs: pending, bitrate: numberAttribute(pending, 'BANDWIDTH', 0) });
      result.variants.push({ url: resolveUri(line.value, url), quality });
      pending = null;
    } else if (line.tag === 'EXT-X-SESSION-DATA') {
      const attrs = parseAttributes(line.value);
      const id = attrs['DATA-ID'];
      if (id) result.sessionData[id] = attrs.VALUE ?? (attrs.URI ? sessionDataUri(attrs.URI, url) : '');
    } else if (line.tag === 'EXT-X-START') {
      result.startOffset = numberAttribute(parseAttributes(line.value), 'TIME-OFFSET', 0);
    } else if (line.tag === 'EXT-X-MEDIA') {
      const attrs = parseAttributes(line.value);
      if (attrs.URI && attrs.TYPE !== 'CLOSED-CAPTIONS') result.alternateRenditions += 1;
    }
  }
  if (result.variants.length === 0) throw new PlaylistError('multivariant playlist lists no variant');
  return result;
}

/** SESSION-DATA is the page's to read, not the player's to fetch: a URI that is not http(s) is left out. */
function sessionDataUri(uri: string, base: string): string {
  try {
    return resolveUri(uri, base);
  } catch {
    return '';
  }
}
