/**
 * What the platform reads of a playlist from elsewhere (external-playlists.ts): pure, and no
 * more than it needs; the page's and the engine's parsers judge the text itself.
 */

/** Whether `text` is a multivariant playlist (variants, no segments of its own). */
export function isMultivariantText(text: string): boolean {
  if (!text.replace(/^\uFEFF/, '').startsWith('#EXTM3U')) return false;
  return /^#EXT-X-STREAM-INF:/m.test(text) && !/^#EXTINF:/m.test(text);
}

/**
 * The absolute URLs of the variants' media playlists (the URI line after each
 * `EXT-X-STREAM-INF`), first listing first, on the multivariant playlist's own origin only:
 * the platform asks nowhere the operator did not name.
 */
export function variantUris(multivariant: string, url: string): string[] {
  const origin = new URL(url).origin;
  const uris: string[] = [];
  let afterStreamInf = false;
  for (const raw of multivariant.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-STREAM-INF:')) afterStreamInf = true;
    else if (line && !line.startsWith('#') && afterStreamInf) {
      afterStreamInf = false;
      try {
        const resolved = new URL(line, url);
        if (resolved.origin === origin && !uris.includes(resolved.href)) uris.push(resolved.href);
      } catch {
        // A URI that does not parse: the engine says so.
      }
    }
  }
  return uris;
}

/** A media playlist's EXT-X-TARGETDURATION in seconds; 0 where absent. */
export function targetDurationS(text: string): number {
  const value = Number(/^#EXT-X-TARGETDURATION:\s*([\d.]+)/m.exec(text)?.[1] ?? 0);
  return Number.isFinite(value) ? value : 0;
}

/**
 * When a media playlist received at `receivedAtMs` was written (epoch ms), by the rule the
 * engine dates its own requests' with (packages/player playlist-age.ts): `Last-Modified`
 * truncates to the second, so the middle of that second; an age beyond one part target (or
 * target duration) is a clock not to trust, and counts as none; never ahead of its arrival.
 */
export function writtenAtMs(text: string, lastModified: string | null, receivedAtMs: number): number {
  const part = Number(/^#EXT-X-PART-INF:.*PART-TARGET=([\d.]+)/m.exec(text)?.[1] ?? 0);
  const maxMs = 1000 * (part || targetDurationS(text));
  const modified = lastModified === null ? Number.NaN : Date.parse(lastModified);
  if (!Number.isFinite(modified)) return receivedAtMs;
  const age = receivedAtMs - (modified + 500);
  return age > maxMs ? receivedAtMs : receivedAtMs - Math.max(0, age);
}
