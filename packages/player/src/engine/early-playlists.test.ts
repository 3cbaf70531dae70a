import { describe, expect, it } from 'vitest';
import {
  EARLY_PLAYLIST_CLOCK_SKEW_MS,
  EARLY_PLAYLIST_MAX_AGE_MS,
  earlyPlaylists,
  freshEarlyPlaylist,
} from './early-playlists.ts';

const URL_720 = 'https://cdn.example/live/720p/media.m3u8';
const copy = { url: URL_720, text: '#EXTM3U\n#EXT-X-TARGETDURATION:1\n', writtenAtMs: 1_000_000 };

describe('the media playlists the page holds', () => {
  it('keeps only copies of the right shape', () => {
    expect(earlyPlaylists([copy])).toEqual([copy]);
    expect(earlyPlaylists('nope')).toEqual([]);
    expect(
      earlyPlaylists([
        null,
        { ...copy, text: '<html>' },
        { ...copy, url: 7 },
        { ...copy, writtenAtMs: Number.NaN },
        { ...copy, writtenAtMs: '1000000' },
      ]),
    ).toEqual([]);
  });

  it('gives the chosen variant’s copy with its age while it is young enough to start from', () => {
    expect(freshEarlyPlaylist([copy], URL_720, 1_000_150)).toEqual({ text: copy.text, ageMs: 150 });
    expect(freshEarlyPlaylist([copy], URL_720, 1_000_000 + EARLY_PLAYLIST_MAX_AGE_MS)?.ageMs).toBe(
      EARLY_PLAYLIST_MAX_AGE_MS,
    );
    expect(freshEarlyPlaylist([copy], URL_720, 1_000_001 + EARLY_PLAYLIST_MAX_AGE_MS)).toBeNull();
  });

  it('takes a copy from a server clock ahead of the viewer’s as new, within the skew it allows', () => {
    expect(freshEarlyPlaylist([copy], URL_720, 999_700)).toEqual({ text: copy.text, ageMs: 0 });
    expect(freshEarlyPlaylist([copy], URL_720, 999_999 - EARLY_PLAYLIST_CLOCK_SKEW_MS)).toBeNull();
  });

  it('has none for another variant', () => {
    expect(freshEarlyPlaylist([copy], 'https://cdn.example/live/360p/media.m3u8', 1_000_100)).toBeNull();
  });
});
