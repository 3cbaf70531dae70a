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

  it('counts alternate video renditions (the engine declines them), not subtitles or captions', () => {
    const text = TEXT.replace(
      '#EXT-X-MEDIA:',
      [
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="en",URI="subs/en.m3u8"',
        '#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English",INSTREAM-ID="CC1"',
        '#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="angles",NAME="wide",URI="wide/media.m3u8"',
        '#EXT-X-MEDIA:',
      ].join('\n'),
    );
    expect(parseMultivariant(text, URL_).alternateRenditions).toBe(1);
  });

  it('reads subtitle and closed-caption renditions by group, and the groups each variant names', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="s/en.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français (forcés)",LANGUAGE="fr",FORCED=YES,URI="s/fr.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="no playlist"',
      '#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English CC",LANGUAGE="en",DEFAULT=YES,INSTREAM-ID="CC1"',
      '#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="708",INSTREAM-ID="SERVICE1"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,SUBTITLES="subs",CLOSED-CAPTIONS="cc"',
      'v/360.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,CLOSED-CAPTIONS=NONE',
      'v/540.m3u8',
    ].join('\n');
    const m = parseMultivariant(text, URL_);
    expect(m.alternateRenditions).toBe(0);
    expect(m.variants.map((v) => [v.subtitleGroup, v.closedCaptionGroup])).toEqual([
      ['subs', 'cc'],
      [null, null],
    ]);
    expect(m.subtitleGroups.subs).toEqual([
      {
        groupId: 'subs',
        name: 'English',
        language: 'en',
        default: true,
        autoselect: true,
        forced: false,
        url: new URL('s/en.m3u8', URL_).href,
      },
      {
        groupId: 'subs',
        name: 'Français (forcés)',
        language: 'fr',
        default: false,
        autoselect: false,
        forced: true,
        url: new URL('s/fr.m3u8', URL_).href,
      },
    ]);
    // CEA-608 channels only (the remuxer reads those), by their INSTREAM-ID.
    expect(m.closedCaptionGroups.cc).toEqual([
      { groupId: 'cc', name: 'English CC', language: 'en', default: true, autoselect: false, instreamId: 'CC1' },
    ]);
  });

  it('reads what ffmpeg writes for a WebVTT group (-var_stream_map …,s:0,sgroup:subs)', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="subtitle_0",DEFAULT=YES,LANGUAGE="en",URI="stream_0/index_vtt.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=400400,RESOLUTION=320x180,CODECS="avc1.42c00d,mp4a.40.2",SUBTITLES="subs"',
      'stream_0/index.m3u8',
    ].join('\n');
    const m = parseMultivariant(text, URL_);
    expect(m.alternateRenditions).toBe(0);
    expect(m.variants[0]!.subtitleGroup).toBe('subs');
    expect(m.subtitleGroups.subs!.map((r) => [r.name, r.language, r.url])).toEqual([
      ['subtitle_0', 'en', new URL('stream_0/index_vtt.m3u8', URL_).href],
    ]);
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
