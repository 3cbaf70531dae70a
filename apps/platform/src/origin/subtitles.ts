/**
 * A live channel's WebVTT subtitles (RFC 8216 §3.5), one rendition per language: a SUBTITLES
 * group in the multivariant playlist, a media playlist per language that lists one `.vtt`
 * segment per media segment (same sequence numbers, same program date times, no parts: an
 * LL-HLS origin may serve subtitles at the classic pace), and a cue per segment that names its
 * sequence number, so a test can tell which segment's cue it sees and that it shows on time.
 */

import { formatProgramDateTime, PLAYLIST_VERSION, quoted, uriLine } from './playlist.ts';
import { publishedWindow, segmentStartMs } from './timeline.ts';

export const SUBTITLES_GROUP = 'subs';

/** What each language's cues say, and its rendition's name. */
const LANGUAGES: Readonly<Record<string, { name: string; cue: (msn: number) => string }>> = {
  en: { name: 'English', cue: (msn) => `English caption ${msn}` },
  de: { name: 'Deutsch', cue: (msn) => `Deutscher Untertitel ${msn}` },
  fr: { name: 'Français', cue: (msn) => `Sous-titre français ${msn}` },
};

export function isSubtitleLanguage(language: string): boolean {
  return Object.hasOwn(LANGUAGES, language);
}

/** The EXT-X-MEDIA lines of the group (none DEFAULT: captions start off, the viewer turns them on). */
export function renderSubtitleMedia(languages: readonly string[]): string[] {
  return languages.filter(isSubtitleLanguage).map((language) => {
    const attributes = [
      'TYPE=SUBTITLES',
      `GROUP-ID=${quoted(SUBTITLES_GROUP)}`,
      `NAME=${quoted(LANGUAGES[language]!.name)}`,
      `LANGUAGE=${quoted(language)}`,
      'DEFAULT=NO',
      'AUTOSELECT=YES',
      `URI=${quoted(`subs/${language}/media.m3u8`)}`,
    ];
    return `#EXT-X-MEDIA:${attributes.join(',')}`;
  });
}

/** The language's live subtitle playlist at `nowMs`: the same window as the video's. */
export function renderSubtitlePlaylist(nowMs: number, segmentDurationMs: number, windowSize: number): string {
  const window = publishedWindow(nowMs, segmentDurationMs, windowSize);
  const lines = [
    '#EXTM3U',
    `#EXT-X-VERSION:${PLAYLIST_VERSION}`,
    `#EXT-X-TARGETDURATION:${Math.ceil(segmentDurationMs / 1000)}`,
    `#EXT-X-MEDIA-SEQUENCE:${window.first}`,
  ];
  for (let msn = window.first; msn <= window.last; msn++) {
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${formatProgramDateTime(segmentStartMs(msn, segmentDurationMs))}`,
      `#EXTINF:${(segmentDurationMs / 1000).toFixed(3)},`,
      uriLine(`sub-${msn}.vtt`),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** 2^33: MPEG-2 timestamps wrap there (RFC 8216 §3.5's MPEGTS is one). */
const MPEGTS_WRAP = 2 ** 33;

/**
 * Segment `msn`'s WebVTT: its media time in X-TIMESTAMP-MAP (the fMP4 media's decode time in
 * 90 kHz ticks, wrapped at 33 bits as packagers write it), one cue over most of the segment.
 */
export function renderSubtitleSegment(language: string, msn: number, segmentDurationMs: number): string {
  const ticks = (Math.round((segmentStartMs(msn, segmentDurationMs) / 1000) * 90_000) % MPEGTS_WRAP).toString();
  const end = ((segmentDurationMs * 0.9) / 1000).toFixed(3).padStart(6, '0');
  return [
    'WEBVTT',
    `X-TIMESTAMP-MAP=MPEGTS:${ticks},LOCAL:00:00:00.000`,
    '',
    `00:00:00.000 --> 00:00:${end}`,
    LANGUAGES[language]!.cue(msn),
    '',
  ].join('\n');
}
