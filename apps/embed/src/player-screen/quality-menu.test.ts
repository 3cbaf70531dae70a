import type { Quality } from '@onair/player';
import { describe, expect, it } from 'vitest';
import { audioTrackLabel, qualityLabel, qualityMenuOrder } from './quality-menu.ts';

const q = (name: string, height: number, bitrate: number, group = name): Quality => ({
  name,
  group,
  codecs: 'avc1.64001f',
  bitrate,
  width: Math.round((height * 16) / 9),
  height,
  framerate: 30,
});

describe('quality menu', () => {
  it('lists the highest quality first', () => {
    const list = [
      q('360p', 360, 800_000),
      q('720p', 720, 2_500_000),
      q('160p', 160, 200_000),
      q('720p', 720, 3_000_000),
    ];
    expect(qualityMenuOrder(list).map((x) => `${x.name}@${x.bitrate}`)).toEqual([
      '720p@3000000',
      '720p@2500000',
      '360p@800000',
      '160p@200000',
    ]);
    expect(list[0]!.name).toBe('360p');
  });

  it("marks the source quality (group 'chunked')", () => {
    expect(qualityLabel(q('1080p', 1080, 6_000_000, 'chunked'))).toBe('1080p (Source)');
    expect(qualityLabel(q('720p', 720, 2_500_000))).toBe('720p');
  });
});

describe('audioTrackLabel', () => {
  it("keeps a name a person wrote, and names a placeholder's language in its own words", () => {
    expect(audioTrackLabel({ name: 'Director’s commentary', language: 'en' })).toBe('Director’s commentary');
    expect(audioTrackLabel({ name: 'audio_1', language: 'fr' })).toBe('Français');
    expect(audioTrackLabel({ name: 'de', language: 'de' })).toBe('Deutsch');
    expect(audioTrackLabel({ name: 'audio_0', language: '' })).toBe('audio_0');
    expect(audioTrackLabel({ name: 'x', language: '!!' })).toBe('x');
    expect(audioTrackLabel({ name: '', language: '' })).toBe('Audio');
  });
});
