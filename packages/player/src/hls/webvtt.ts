/**
 * One WebVTT segment of an HLS subtitle rendition (RFC 8216 §3.5) to plain-text cues on the
 * media timeline. Pure and bounded: a stranger's body is never trusted to be small or well
 * formed. What the engine shows is a caption line, so cue settings, regions and styles are left
 * out and markup is reduced to its text.
 */

export interface VttCue {
  /** Media time (s): the cue's own time moved by the segment's X-TIMESTAMP-MAP. */
  startTime: number;
  endTime: number;
  text: string;
}

/** A body that is not WebVTT at all (no `WEBVTT` first line): the segment is skipped. */
export class WebVttError extends Error {
  override name = 'WebVttError';
}

/** At most this many cues are read from one segment (a 6 s segment holds a handful). */
export const MAX_CUES_PER_SEGMENT = 500;
/** A cue's text is cut to this many characters (a caption line is a few dozen). */
export const MAX_CUE_TEXT = 1024;

/** `hh:mm:ss.ttt` or `mm:ss.ttt` (hours optional, any number of digits), in seconds; null otherwise. */
export function vttTime(text: string): number | null {
  const match = /^(?:(\d{1,9}):)?(\d{1,2}):(\d{1,2})[.,](\d{1,3})$/.exec(text.trim());
  if (!match) return null;
  const [, h = '0', m, s, ms] = match;
  if (Number(m) > 59 || Number(s) > 59) return null;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms!.padEnd(3, '0')) / 1000;
}

/**
 * Seconds to add to a cue's time: `MPEGTS/90000 - LOCAL` from `X-TIMESTAMP-MAP=MPEGTS:<90 kHz
 * ticks>,LOCAL:<cue time>` (either order); 0 without the header or when it does not parse
 * (RFC 8216: cue time 0 is then MPEG-2 time 0).
 */
export function timestampMapOffset(header: string): number {
  const mpegts = /MPEGTS:(\d{1,16})/.exec(header);
  const local = /LOCAL:((?:\d+:)?\d+:\d+[.,]\d+)/.exec(header);
  const localTime = local ? vttTime(local[1]!) : null;
  if (!mpegts || localTime === null) return 0;
  return Number(mpegts[1]) / 90_000 - localTime;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0' };

/** A cue's payload as plain text: tags (`<i>`, `<c.x>`, `<v Name>`, `<00:01.000>`) dropped, entities decoded. */
export function plainText(payload: string): string {
  return payload
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .trim()
    .slice(0, MAX_CUE_TEXT);
}

/**
 * The cues of a WebVTT body, in the order written, on the media timeline. Blocks that are not
 * cues (NOTE, STYLE, REGION) and cues whose timing does not parse, or that end before they
 * start, are skipped; an empty text is no cue. Throws WebVttError only for a body that is not
 * WebVTT.
 */
export function parseWebVtt(body: string): VttCue[] {
  const blocks = body.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const first = blocks[0] ?? '';
  if (!/^WEBVTT(?:[ \t]|$)/.test(first)) throw new WebVttError('not a WebVTT body');
  let offset = 0;
  let i = 1;
  // The header: up to the first blank line (or a cue's timing, where a packager left none).
  for (; i < blocks.length && blocks[i]!.trim() !== '' && !blocks[i]!.includes('-->'); i++) {
    if (blocks[i]!.startsWith('X-TIMESTAMP-MAP=')) offset = timestampMapOffset(blocks[i]!);
  }
  const cues: VttCue[] = [];
  while (i < blocks.length && cues.length < MAX_CUES_PER_SEGMENT) {
    // One block: the lines up to the next blank one.
    const lines: string[] = [];
    for (; i < blocks.length && blocks[i]!.trim() === ''; i++);
    for (; i < blocks.length && blocks[i]!.trim() !== ''; i++) lines.push(blocks[i]!);
    const timing = lines.findIndex((line) => line.includes('-->'));
    // NOTE, STYLE and REGION blocks hold no '-->' on their first line; nor does an identifier.
    if (timing < 0 || timing > 1 || /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(lines[0]!)) continue;
    const [from = '', rest = ''] = lines[timing]!.split('-->');
    const start = vttTime(from);
    // Cue settings follow the end time after white space: ignored.
    const end = vttTime(rest.trim().split(/[ \t]/)[0]!);
    const text = plainText(lines.slice(timing + 1).join('\n'));
    if (start === null || end === null || end < start || !text) continue;
    cues.push({ startTime: start + offset, endTime: end + offset, text });
  }
  return cues;
}

/** 2^33 ticks of 90 kHz: where MPEG-2 timestamps (and so X-TIMESTAMP-MAP's MPEGTS) wrap. */
export const PTS_WRAP_S = 2 ** 33 / 90_000;

/**
 * `time` moved by whole wraps of the 33-bit MPEG-2 clock to lie nearest `expected` (the media
 * time the segment's place in its playlist says): a map written after the clock wrapped, or a
 * media timeline that never wraps (mux.js continues it; fMP4 has 64 bits).
 */
export function unwrapPts(time: number, expected: number): number {
  return time + Math.round((expected - time) / PTS_WRAP_S) * PTS_WRAP_S;
}
