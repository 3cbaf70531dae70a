import { describe, expect, it } from 'vitest';
import { parseMultivariant } from '../hls/multivariant.ts';
import { isAudioOnlyVariant, Renditions, type ChoiceContext } from './renditions.ts';

// The stand-in origin's ladder with Twitch's audio-only variant, listed last.
const MULTIVARIANT = `#EXTM3U
#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="160p30",NAME="160p",AUTOSELECT=YES,DEFAULT=YES
#EXT-X-STREAM-INF:BANDWIDTH=300000,CODECS="avc1.42c00c,mp4a.40.2",RESOLUTION=284x160,VIDEO="160p30"
160p/media.m3u8
#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="chunked",NAME="720p (source)",AUTOSELECT=YES,DEFAULT=YES
#EXT-X-STREAM-INF:BANDWIDTH=2500000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=1280x720,VIDEO="chunked"
720p/media.m3u8
#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="audio_only",NAME="Audio only",AUTOSELECT=NO,DEFAULT=NO
#EXT-X-STREAM-INF:BANDWIDTH=140000,CODECS="mp4a.40.2",VIDEO="audio_only"
audio_only/media.m3u8
`;

const context = (over: Partial<ChoiceContext> = {}): ChoiceContext => ({
  throughputBps: 50_000_000,
  bufferS: 10,
  viewport: { width: 1280, height: 720 },
  transcodesOnly: false,
  audioOnly: false,
  ...over,
});

function renditions(text = MULTIVARIANT): Renditions {
  const r = new Renditions();
  r.set(parseMultivariant(text, 'https://origin.test/hls/radio/master.m3u8').variants, () => true);
  return r;
}
const urlOf = (r: Renditions, i: number) => r.all[i]?.url.split('/').slice(-2, -1)[0];

describe('Renditions and audio-only variants', () => {
  it('knows an audio-only variant by its codecs or by Twitch’s group', () => {
    expect(isAudioOnlyVariant({ codecs: 'mp4a.40.2', group: 'x', height: 0 })).toBe(true);
    expect(isAudioOnlyVariant({ codecs: '', group: 'audio_only', height: 0 })).toBe(true);
    expect(isAudioOnlyVariant({ codecs: 'avc1.42c00c,mp4a.40.2', group: '160p30', height: 160 })).toBe(false);
    expect(isAudioOnlyVariant({ codecs: '', group: 'chunked', height: 0 })).toBe(false);
  });

  it('never offers it as a quality, nor picks it for a picture', () => {
    const r = renditions();
    expect(r.qualities.map((q) => q.name)).toEqual(['160p', '720p']);
    // The slowest link starts on the lowest picture, not on the sound alone.
    expect(urlOf(r, r.choose(-1, true, context({ throughputBps: 1000 })))).toBe('160p');
    expect(urlOf(r, r.choose(1, false, context({ throughputBps: 1000, bufferS: 0 })))).toBe('160p');
    // A picture that fails steps down to a picture, never to no picture.
    expect(r.below(0)).toBe(-1);
  });

  it('plays the audio-only variant in audio-only mode, whatever the link or the viewer’s quality', () => {
    const r = renditions();
    r.manual = { name: '720p', bitrate: 2_500_000 };
    expect(urlOf(r, r.choose(-1, true, context({ audioOnly: true })))).toBe('audio_only');
    expect(urlOf(r, r.choose(2, false, context({ audioOnly: true, throughputBps: 1000 })))).toBe('audio_only');
  });

  it('plays the lowest picture in audio-only mode where the stream has no audio-only variant', () => {
    const r = renditions(MULTIVARIANT.split('#EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="audio_only"')[0]);
    expect(urlOf(r, r.choose(-1, true, context({ audioOnly: true })))).toBe('160p');
  });

  it('offers the variants of a stream with no picture at all as its qualities, and steps down among them', () => {
    const r = renditions(`#EXTM3U
#EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS="mp4a.40.2"
low/media.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=192000,CODECS="mp4a.40.2"
high/media.m3u8
`);
    expect(r.qualities.map((q) => q.bitrate)).toEqual([64_000, 192_000]);
    expect(urlOf(r, r.below(1))).toBe('low');
    r.manual = { name: r.qualities[0]!.name, bitrate: 64_000 };
    expect(urlOf(r, r.choose(-1, true, context()))).toBe('low');
  });
});
