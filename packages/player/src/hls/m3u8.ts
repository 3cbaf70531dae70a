/**
 * The lexical layer of HLS playlists (RFC 8216 §4.2): tag lines and attribute lists. Both
 * playlist parsers build on it; neither needs more of the grammar than this.
 */

export type AttributeList = Readonly<Record<string, string>>;

/**
 * `KEY=VALUE,KEY="quoted, value"` → { KEY: 'VALUE', ... }; quotes are removed, a quoted
 * string keeps its commas. Malformed pairs are skipped (a stranger's playlist must not throw
 * here; the parsers decide what a missing attribute means).
 */
export function parseAttributes(text: string): AttributeList {
  const out: Record<string, string> = {};
  const pattern = /\s*([A-Z0-9-]+)=("[^"]*"|[^,]*)\s*(?:,|$)/gy;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < text.length && (match = pattern.exec(text)) !== null) {
    const raw = match[2]!;
    out[match[1]!] = raw.startsWith('"') ? raw.slice(1, -1) : raw.trim();
    if (match[0].length === 0) break;
  }
  return out;
}

export interface PlaylistLine {
  /** The tag name without '#' ('EXT-X-PART'), or null for a URI line. */
  tag: string | null;
  /** What follows the tag's ':' (or the URI itself). */
  value: string;
}

/** The playlist's meaningful lines, in order: tags and URIs (comments and blanks dropped). */
export function playlistLines(text: string): PlaylistLine[] {
  const lines: PlaylistLine[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXT')) {
      const colon = line.indexOf(':');
      lines.push(
        colon < 0 ? { tag: line.slice(1), value: '' } : { tag: line.slice(1, colon), value: line.slice(colon + 1) },
      );
    } else if (!line.startsWith('#')) {
      lines.push({ tag: null, value: line });
    }
  }
  return lines;
}

/** A playlist that is not one (no #EXTM3U first line) or lacks what playback needs. */
export class PlaylistError extends Error {
  override name = 'PlaylistError';
}

export function requireExtM3u(text: string): void {
  if (
    !text
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('#EXTM3U')
  )
    throw new PlaylistError('not an M3U8 playlist');
}

/**
 * A URI resolved against the playlist it appears in. One that does not parse (a port out of
 * range, a broken IPv6 literal) or resolves to anything but http(s) (`file:`, `data:`,
 * `javascript:`, `blob:`) makes the playlist invalid: a PlaylistError the engine reports like any
 * other, rather than an exception deep in a fetch that left the player waiting for ever.
 */
export function resolveUri(uri: string, base: string): string {
  let resolved: URL;
  try {
    resolved = new URL(uri, base);
  } catch {
    throw new PlaylistError(`a URI that does not parse: ${uri.slice(0, 64)}`);
  }
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') {
    throw new PlaylistError(`a URI that is not http(s): ${resolved.protocol}`);
  }
  return resolved.href;
}

/** A decimal attribute, or `fallback` when it is absent or not a finite number. */
export function numberAttribute(attrs: AttributeList, key: string, fallback: number): number {
  const raw = attrs[key];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  return Number.isFinite(value) ? value : fallback;
}
