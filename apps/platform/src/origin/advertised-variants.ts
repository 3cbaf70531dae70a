/**
 * Variants the multivariant playlist can advertise on request without the
 * origin carrying them: `master.m3u8?advertise=hevc`.
 *
 * They exist for player tests. A player must drop the renditions its browser
 * cannot decode (MediaSource.isTypeSupported on the CODECS attribute) before
 * it requests anything, and Debian's Chromium has no HEVC decoder. So the
 * HEVC variant is advertised but never served: its media playlist, init
 * segment and segments answer 404 (with a message naming this switch), and
 * any request for them in the request log proves the filtering did not
 * happen. It is also the top of the ladder, where a naive ABR controller
 * would go first on a fast link.
 */

import type { VariantStream } from './playlist.ts';

const HEVC_RENDITION = '1080p-hevc';

const HEVC_1080P: VariantStream = {
  uri: `${HEVC_RENDITION}/media.m3u8`,
  bandwidth: 6_000_000,
  averageBandwidth: 5_500_000,
  // Main profile, Main tier, level 4.0 (1080p30), progressive frames only.
  codecs: 'hvc1.1.6.L120.90,mp4a.40.2',
  width: 1920,
  height: 1080,
  frameRate: 30,
};

/** What `?advertise=` accepts, and the extra variants each value adds. */
export const ADVERTISABLE: ReadonlyMap<string, readonly VariantStream[]> = new Map([['hevc', [HEVC_1080P]]]);

/** Rendition names that are advertised somewhere but never served. */
export const ADVERTISED_ONLY: ReadonlySet<string> = new Set([HEVC_RENDITION]);

export type AdvertiseChoice = { ok: true; extra: readonly VariantStream[] } | { ok: false; message: string };

/**
 * Reads the `advertise` query parameter: absent means the plain ladder; a
 * known value adds its variants; anything else (including an empty or
 * repeated parameter) is the caller's mistake and must not silently fall back.
 */
export function chooseAdvertised(raw: unknown): AdvertiseChoice {
  if (raw === undefined) return { ok: true, extra: [] };
  const extra = typeof raw === 'string' ? ADVERTISABLE.get(raw) : undefined;
  if (extra) return { ok: true, extra };
  const known = [...ADVERTISABLE.keys()].map((k) => JSON.stringify(k)).join(', ');
  return { ok: false, message: `Invalid advertise value ${JSON.stringify(raw)}; expected one of ${known}` };
}
