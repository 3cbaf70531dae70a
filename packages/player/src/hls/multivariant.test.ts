import { describe, expect, it } from 'vitest';
import { PlaylistError } from './m3u8.ts';
import { parseMultivariant } from './multivariant.ts';

const URL_ = 'https://origin.test/hls/ch/master.m3u8';

const TEXT = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-SESSION-DATA:DATA-ID="com.onair.server-time",URI="/api/time"
#EXT-X-SESSION-DATA:DATA-ID="com.onair.channel.title",VALUE="Hello, world"
#EXT-X-START:TIME-OFFSET=-1.5
#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="chunked",NAME="720p (Source)",AUTOSELECT=YES,DEFAULT=YES
#EXT-X-STREAM-INF:BANDWIDTH=2200000,RESOLUTION=1280x720,FRAME-RATE=30.000,CODECS="avc1.64001f,mp4a.40.2",VIDEO="chunked"
720p/media.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=700000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"
360p/media.m3u8
`;

describe('parseMultivariant', () => {
  it('reads variants as qualities, session data and the start offset', () => {
    const m = parseMultivariant(TEXT, URL_);
    expect(m.variants.map((v) => v.url)).toEqual([
      'https://origin.test/hls/ch/720p/media.m3u8',
      'https://origin.test/hls/ch/360p/media.m3u8',
    ]);
    expect(m.variants[0]!.quality).toEqual({
      name: '720p',
      group: 'chunked',
      codecs: 'avc1.64001f,mp4a.40.2',
      bitrate: 2200000,
      width: 1280,
      height: 720,
      framerate: 30,
    });
    expect(m.variants[1]!.quality.group).toBe('360p');
    expect(m.sessionData).toEqual({
      'com.onair.server-time': 'https://origin.test/api/time',
      'com.onair.channel.title': 'Hello, world',
    });
    expect(m.startOffset).toBe(-1.5);
    // A VIDEO group without a URI is the variant itself, not an alternate rendition.
    expect(m.alternateRenditions).toBe(0);
  });

  it('counts alternate renditions other than audio (the engine declines them)', () => {
    const text = TEXT.replace(
      '#EXT-X-MEDIA:',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="en",URI="subs/en.m3u8"\n#EXT-X-MEDIA:',
    );
    expect(parseMultivariant(text, URL_).alternateRenditions).toBe(1);
  });

  it('reads audio renditions by group, and the group each variant plays with', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="a/en.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Français",LANGUAGE="fr",URI="a/fr.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="muxed",NAME="main"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.64001e,mp4a.40.2",AUDIO="aud"',
      'v/360.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="avc1.64001e,mp4a.40.2"',
      'v/muxed.m3u8',
    ].join('\n');
    const m = parseMultivariant(text, URL_);
    expect(m.alternateRenditions).toBe(0);
    expect(m.variants.map((v) => v.audioGroup)).toEqual(['aud', null]);
    expect(m.audioGroups.aud).toEqual([
      {
        groupId: 'aud',
        name: 'English',
        language: 'en',
        default: true,
        autoselect: true,
        url: new URL('a/en.m3u8', URL_).href,
        channels: 2,
      },
      {
        groupId: 'aud',
        name: 'Français',
        language: 'fr',
        default: false,
        autoselect: false,
        url: new URL('a/fr.m3u8', URL_).href,
        channels: 0,
      },
    ]);
    expect(m.audioGroups.muxed![0]!.url).toBeNull();
  });

  it('takes a media playlist as its own single variant', () => {
    const m = parseMultivariant('#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\na.m4s\n', URL_);
    expect(m.variants.map((v) => v.url)).toEqual([URL_]);
  });

  it('refuses a playlist with no variant, and what is not a playlist', () => {
    expect(() => parseMultivariant('#EXTM3U\n#EXT-X-VERSION:7\n', URL_)).toThrow(PlaylistError);
    expect(() => parseMultivariant('{"error":"nope"}', URL_)).toThrow(PlaylistError);
  });
});
