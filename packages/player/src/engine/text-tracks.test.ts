import { describe, expect, it } from 'vitest';
import { parseMultivariant } from '../hls/multivariant.ts';
import { TextTracks } from './text-tracks.ts';

const URL_ = 'https://cdn.test/live/master.m3u8';

const MULTIVARIANT = [
  '#EXTM3U',
  '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,URI="s/en.m3u8"',
  '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Deutsch",LANGUAGE="de",URI="s/de.m3u8"',
  '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="other",NAME="Other",URI="s/other.m3u8"',
  '#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English CC",LANGUAGE="en",INSTREAM-ID="CC1"',
  '#EXT-X-STREAM-INF:BANDWIDTH=800000,SUBTITLES="subs",CLOSED-CAPTIONS="cc"',
  'v.m3u8',
].join('\n');

describe('TextTracks', () => {
  it('lists the variant’s subtitle group, then its captions; shows nothing until asked', () => {
    const text = new TextTracks();
    const multivariant = parseMultivariant(MULTIVARIANT, URL_);
    text.set(multivariant, multivariant.variants[0]);
    expect(text.list()).toEqual([
      { id: 'English', name: 'English', language: 'en', kind: 'subtitles', default: true },
      { id: 'Deutsch', name: 'Deutsch', language: 'de', kind: 'subtitles', default: false },
      { id: 'cc1', name: 'English CC', language: 'en', kind: 'captions', default: false },
    ]);
    expect(text.selected()).toBeNull();
    text.wanted = 'Deutsch';
    expect(text.selected()).toBe('Deutsch');
    expect(text.subtitle()?.url).toBe(new URL('s/de.m3u8', URL_).href);
    // Captions are no subtitle rendition: nothing to load for them.
    text.wanted = 'cc1';
    expect(text.subtitle()).toBeNull();
    expect(text.selected()).toBe('cc1');
  });

  it('adds the channels found in the video, once, and shows a wanted one when it appears', () => {
    const text = new TextTracks();
    text.set(parseMultivariant('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8', URL_), undefined);
    text.wanted = 'cc3';
    expect(text.selected()).toBeNull();
    expect(text.foundInBand('CC1')).toBe(true);
    expect(text.foundInBand('CC1')).toBe(false);
    expect(text.foundInBand('CC3')).toBe(true);
    expect(text.list().map((t) => [t.id, t.name, t.kind])).toEqual([
      ['cc1', 'CC1', 'captions'],
      ['cc3', 'CC3', 'captions'],
    ]);
    expect(text.selected()).toBe('cc3');
  });

  it('does not list a channel twice where the playlist names it already', () => {
    const text = new TextTracks();
    const multivariant = parseMultivariant(MULTIVARIANT, URL_);
    text.set(multivariant, multivariant.variants[0]);
    expect(text.foundInBand('CC1')).toBe(false);
    expect(text.list().filter((t) => t.id === 'cc1')).toHaveLength(1);
  });
});
