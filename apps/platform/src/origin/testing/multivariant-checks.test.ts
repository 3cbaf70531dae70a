import { describe, expect, it } from 'vitest';
import { attributeList, checkMultivariant } from './multivariant-checks.ts';

const HEAD = '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n';
const VARIANT = '#EXT-X-STREAM-INF:BANDWIDTH=2000000,CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=1280x720';
const media = (attributes: string) => `#EXT-X-MEDIA:${attributes}\n`;
const SOURCE = media('TYPE=VIDEO,GROUP-ID="chunked",NAME="720p (source)",AUTOSELECT=YES,DEFAULT=YES');

// These feed the checks playlists that break one rule each: a check that
// passed them all would prove nothing about the origin's playlists.
describe('checkMultivariant', () => {
  it('accepts a variant whose VIDEO names a declared TYPE=VIDEO group', () => {
    const read = checkMultivariant(`${HEAD}${SOURCE}${VARIANT},VIDEO="chunked"\n720p/media.m3u8\n`);
    expect(read.videoGroupOf.get('720p/media.m3u8')).toBe('chunked');
    expect(read.videoGroups.get('chunked')).toHaveLength(1);
  });

  it('accepts a variant without a VIDEO attribute', () => {
    expect(checkMultivariant(`${HEAD}${VARIANT}\n720p/media.m3u8\n`).videoGroupOf.get('720p/media.m3u8')).toBe(
      undefined,
    );
  });

  it('fails on a VIDEO attribute naming an undeclared group', () => {
    const text = `${HEAD}${SOURCE}${VARIANT},VIDEO="720p30"\n720p/media.m3u8\n`;
    expect(() => checkMultivariant(text)).toThrow(/VIDEO="720p30" names a declared TYPE=VIDEO group/);
  });

  it('fails on a VIDEO attribute naming a group of another TYPE', () => {
    const audio = media('TYPE=AUDIO,GROUP-ID="chunked",NAME="English",AUTOSELECT=YES,DEFAULT=YES,URI="a.m3u8"');
    const text = `${HEAD}${audio}${VARIANT},VIDEO="chunked"\n720p/media.m3u8\n`;
    expect(() => checkMultivariant(text)).toThrow(/VIDEO="chunked" names a declared TYPE=VIDEO group/);
  });

  it('fails on a VIDEO group with two members of one NAME, even when no variant uses it', () => {
    const text = `${HEAD}${SOURCE}${SOURCE.replace(',DEFAULT=YES', '')}${VARIANT}\n720p/media.m3u8\n`;
    expect(() => checkMultivariant(text)).toThrow(/NAMEs in VIDEO group "chunked" are unique/);
  });

  it('fails on two DEFAULT=YES members, and on DEFAULT=YES without AUTOSELECT=YES', () => {
    const other = media('TYPE=VIDEO,GROUP-ID="chunked",NAME="other",AUTOSELECT=YES,DEFAULT=YES');
    expect(() => checkMultivariant(`${HEAD}${SOURCE}${other}${VARIANT}\n720p/media.m3u8\n`)).toThrow(
      /at most one DEFAULT=YES/,
    );
    const manual = media('TYPE=VIDEO,GROUP-ID="chunked",NAME="720p",AUTOSELECT=NO,DEFAULT=YES');
    expect(() => checkMultivariant(`${HEAD}${manual}${VARIANT}\n720p/media.m3u8\n`)).toThrow(
      /DEFAULT=YES implies AUTOSELECT=YES/,
    );
  });
});

describe('attributeList', () => {
  it('keeps commas inside quoted values and drops the quotes', () => {
    expect([...attributeList('BANDWIDTH=1,CODECS="avc1.4d401f,mp4a.40.2",VIDEO="chunked"')]).toEqual([
      ['BANDWIDTH', '1'],
      ['CODECS', 'avc1.4d401f,mp4a.40.2'],
      ['VIDEO', 'chunked'],
    ]);
  });
});
