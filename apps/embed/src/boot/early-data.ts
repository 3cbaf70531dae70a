/**
 * What the platform hands the page with its HTML (issue 36, "first frame at or below native"):
 * the answers to the channel's two calls, by path, and the live stream's multivariant and media
 * playlists, in `<script id="onair-early-data" type="application/json">` ahead of the early start. Native
 * HLS wins a cold start because its page already holds the stream's URL; with these, ours does
 * too, and asks for nothing before the worker's media playlist.
 *
 * Untrusted input all the same: a host that injects nothing, or something else, leaves the
 * page to its own requests (absent, malformed or of another shape: ignored). The answers are
 * handed to the API client as responses, which it validates with the same contracts as any.
 */

export const EARLY_DATA_ELEMENT_ID = 'onair-early-data';

export interface EarlyData {
  /** JSON bodies of the API's answers, by request path (`/api/v2/channels/{slug}/info`). */
  answers: Record<string, unknown>;
  /** The live stream's multivariant playlist: its absolute URL and text. */
  multivariant: { url: string; text: string } | null;
  /**
   * Its picture variants' media playlists, with when each was published (epoch ms): handed to
   * the engine, which starts from the chosen one's where young enough (early-playlists.ts).
   */
  media: { url: string; text: string; writtenAtMs: number }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The page's early data, or null: the page asks for everything itself. */
export function readEarlyData(text: string | null | undefined): EarlyData | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.answers)) return null;
  const answers: Record<string, unknown> = {};
  for (const [path, body] of Object.entries(parsed.answers)) {
    // Paths of our own API only, never a URL elsewhere.
    if (path.startsWith('/api/') && body !== undefined) answers[path] = body;
  }
  const m = parsed.multivariant;
  const multivariant =
    isRecord(m) && typeof m.url === 'string' && typeof m.text === 'string' && m.text.startsWith('#EXTM3U')
      ? { url: m.url, text: m.text }
      : null;
  const media = Array.isArray(parsed.media)
    ? parsed.media.filter(
        (p): p is EarlyData['media'][number] =>
          isRecord(p) &&
          typeof p.url === 'string' &&
          /^https?:\/\//.test(p.url) &&
          typeof p.text === 'string' &&
          p.text.startsWith('#EXTM3U') &&
          typeof p.writtenAtMs === 'number',
      )
    : [];
  return { answers, multivariant, media: multivariant ? media : [] };
}
