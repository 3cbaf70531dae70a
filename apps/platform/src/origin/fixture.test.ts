import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FixtureError, loadFixture } from './fixture.ts';
import { isSyncSample } from './fragment.ts';
import { parseInitSegment } from './init-segment.ts';
import { concatBytes } from './mp4-boxes.ts';
import { defaultFixtureDir } from './index.ts';

const fixture = loadFixture(defaultFixtureDir);

describe('committed fixture', () => {
  it('has four renditions, ascending by bandwidth, on a 1 s / 200 ms grid', () => {
    expect(fixture.renditions.map((r) => r.name)).toEqual(['160p', '360p', '480p', '720p']);
    expect(fixture.renditions.map((r) => [r.width, r.height])).toEqual([
      [284, 160],
      [640, 360],
      [854, 480],
      [1280, 720],
    ]);
    const bandwidths = fixture.renditions.map((r) => r.bandwidth);
    expect(bandwidths).toEqual([...bandwidths].sort((a, b) => a - b));
    expect(fixture).toMatchObject({
      segmentDurationMs: 1000,
      fragmentDurationMs: 200,
      fragmentsPerSegment: 5,
      segmentsPerLoop: 8,
      loopDurationMs: 8000,
    });
  });

  it('advertises codecs, frame rate and bandwidths derived from the media', () => {
    for (const r of fixture.renditions) {
      expect(r.codecs).toMatch(/^avc1\.4d[0-9a-f]{4},mp4a\.40\.2$/);
      expect(r.frameRate).toBe(30);
      expect(r.bandwidth).toBeGreaterThanOrEqual(r.averageBandwidth);
      const bytes = r.fragments.reduce((sum, f) => sum + f.bytes.byteLength, 0);
      expect(r.averageBandwidth).toBe(Math.ceil((bytes * 8) / 8));
    }
  });

  it('has 40 fragments of exactly 6 video and whole 48 kHz AAC frames per rendition', () => {
    for (const r of fixture.renditions) {
      expect(r.fragments).toHaveLength(40);
      const [video, audio] = r.tracks;
      expect(video).toMatchObject({ kind: 'video', timescale: 90_000, loopDuration: 720_000 });
      expect(audio).toMatchObject({ kind: 'audio', timescale: 48_000, loopDuration: 384_000 });
      let audioFrames = 0;
      r.fragments.forEach((f, k) => {
        const [v, a] = f.layout.tracks;
        expect(v?.trackId).toBe(video?.trackId);
        expect(v?.baseMediaDecodeTime).toBe(k * 18_000);
        expect(v?.samples.map((s) => s.duration)).toEqual([3000, 3000, 3000, 3000, 3000, 3000]);
        // 160p, the step-down rendition, has a keyframe in every part; the others in each segment's first.
        const independent = r.name === '160p' || k % 5 === 0;
        expect(v?.samples[0] && isSyncSample(v.samples[0].flags)).toBe(independent);
        expect(r.independent[k]).toBe(independent);
        expect(v?.samples.slice(1).some((s) => isSyncSample(s.flags))).toBe(false);
        expect(a?.tfdtVersion).toBe(1);
        expect(a?.samples.every((s) => s.duration === 1024)).toBe(true);
        // Audio frames start inside the fragment's 200 ms.
        expect(a?.baseMediaDecodeTime).toBe(Math.ceil((k * 9600) / 1024) * 1024);
        audioFrames += a?.samples.length ?? 0;
      });
      expect(audioFrames).toBe(375);
    }
  });

  it('has init segments without timeline-shifting edit lists', () => {
    for (const r of fixture.renditions) {
      const { tracks } = parseInitSegment(r.init);
      expect(tracks.map((t) => t.handler)).toEqual(['vide', 'soun']);
      expect(tracks.every((t) => t.editList.length === 0)).toBe(true);
    }
  });
});

describe('loadFixture errors', () => {
  let dir = '';
  const copy = (): string => {
    dir = mkdtempSync(join(tmpdir(), 'fixture-'));
    cpSync(defaultFixtureDir, dir, { recursive: true });
    return dir;
  };
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  it('names a missing file', () => {
    const d = copy();
    rmSync(join(d, '480p', 'init.mp4'));
    expect(() => loadFixture(d)).toThrow(/fixture file missing: .*480p.*init\.mp4/);
  });

  it('refuses renditions with different fragment counts', () => {
    const d = copy();
    const r = fixture.renditions.find((x) => x.name === '360p');
    writeFileSync(join(d, '360p', 'fragments.mp4'), concatBytes(r?.fragments.slice(0, 35).map((f) => f.bytes) ?? []));
    expect(() => loadFixture(d)).toThrow(/disagree on fragment count/);
  });

  it('refuses a missing directory', () => {
    expect(() => loadFixture(join(tmpdir(), 'no-such-fixture-dir'))).toThrow(FixtureError);
  });
});
