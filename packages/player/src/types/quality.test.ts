import { describe, expect, it } from 'vitest';
import { codecFamily, isQualityPlayable, partitionQualities, qualityName } from './quality.ts';

const chromiumLike = (mime: string) => /avc1|mp4a|av01|vp09/.test(mime);

describe('quality filter (SPEC §4 ready)', () => {
  const avc = { codecs: 'avc1.4d401f,mp4a.40.2' };
  const hevc = { codecs: 'hvc1.1.6.L93.B0,mp4a.40.2' };
  const av1 = { codecs: 'av01.0.05M.08,mp4a.40.2' };

  it('keeps what the browser plays and removes what it cannot', () => {
    const { playable, unplayable } = partitionQualities([avc, hevc, av1], chromiumLike);
    expect(playable).toEqual([avc, av1]);
    expect(unplayable).toEqual([hevc]);
  });

  it('requires every codec of a quality to be playable', () => {
    expect(isQualityPlayable({ codecs: 'avc1.4d401f,ec-3' }, chromiumLike)).toBe(false);
  });

  it('treats a quality without CODECS as playable', () => {
    expect(isQualityPlayable({ codecs: '' }, () => false)).toBe(true);
  });

  it('applies experiments: disabled families go, forced families skip the support check', () => {
    const policy = { disabled: new Set(['av1'] as const), forced: new Set(['hevc'] as const) };
    const { playable } = partitionQualities([avc, hevc, av1], chromiumLike, policy);
    expect(playable).toEqual([avc, hevc]);
  });

  it('names codec families and qualities', () => {
    expect(codecFamily('hev1.1.6')).toBe('hevc');
    expect(codecFamily('avc3.64001f')).toBe('avc');
    expect(codecFamily('opus')).toBe('other');
    expect(qualityName(720, 30, 2e6)).toBe('720p');
    expect(qualityName(1080, 60, 6e6)).toBe('1080p60');
    expect(qualityName(0, 0, 96_000)).toBe('96kbps');
  });
});
