import { describe, expect, it } from 'vitest';
import { flatten, markdownTables, metricDefinitions, pictureLine } from './metrics.mjs';
import { parseOptions } from './options.mjs';

const definitions = metricDefinitions(parseOptions([]));

describe('metricDefinitions', () => {
  it('labels the heap figures with the times they were read at', () => {
    const labels = definitions.map((d) => d.label);
    expect(labels).toContain('Heap at 60 s');
    expect(labels).toContain('Heap growth 60→300 s');
  });

  it('has unique keys, and better higher only for what is played', () => {
    expect(new Set(definitions.map((d) => d.key)).size).toBe(definitions.length);
    expect(definitions.filter((d) => d.higher).map((d) => d.key)).toEqual([
      'avgBitrateKbps',
      'jankPlayedPct',
      'jankFps',
    ]);
  });
});

describe('flatten', () => {
  it('leaves every figure of a failed session null', () => {
    const figures = flatten({ error: 'timeout' }, { error: 'timeout' });
    expect(Object.values(figures).every((v) => v === null)).toBe(true);
    expect(Object.keys(figures).sort()).toEqual(definitions.map((d) => d.key).sort());
  });

  it('takes the jank session’s figures, and none from a failed one', () => {
    const jank = { stalls: 2, stalledS: 1.5, playedPct: 91, framesPerS: 27.5 };
    expect(flatten({ error: 'x' }, { error: 'x' }, jank)).toMatchObject({
      jankStalls: 2,
      jankStalledS: 1.5,
      jankPlayedPct: 91,
      jankFps: 27.5,
    });
    expect(flatten({ error: 'x' }, { error: 'x' }, { error: 'timeout' }).jankStalls).toBeNull();
  });

  it('turns the heap readings into the first reading and the growth to the last', () => {
    const playback = {
      cold: { firstFrameS: 1, requests: 5, transferKiB: 100, jsGzipKiB: 90 },
      warm: { firstFrameS: 0.5 },
      summary: { latency: { p50: 1.2, p95: 1.4 }, stalls: { count: 0 } },
      cost: { busySPerMin: 3, longTasksPerMin: 1, cpuSPerMin: 6 },
      heap: [
        { atS: 60, usedMiB: 10 },
        { atS: 300, usedMiB: 12.5 },
      ],
    };
    const figures = flatten(playback, { error: 'x' });
    expect(figures).toMatchObject({ heapFirstMiB: 10, heapGrowthMiB: 2.5, firstFrameWarmS: 0.5, stalls: null });
  });

  it('takes the first frame from the run’s start-up loads where any came, their medians', () => {
    const playback = {
      cold: { firstFrameS: 0.2 },
      warm: { firstFrameS: 0.1 },
      summary: { latency: { p50: 0.6, p95: 0.7 }, stalls: { count: 0 } },
      cost: {},
    };
    const loads = [
      { coldS: 0.13, warmS: 0.07 },
      { error: 'no first frame' },
      { coldS: 0.15, warmS: null },
      { coldS: 0.11, warmS: 0.09 },
    ];
    expect(flatten(playback, { error: 'x' }, null, loads)).toMatchObject({
      firstFrameColdS: 0.13,
      firstFrameWarmS: 0.08,
    });
    // None came: the playback session's own start-ups.
    expect(flatten(playback, { error: 'x' }, null, [{ error: 'x' }])).toMatchObject({
      firstFrameColdS: 0.2,
      firstFrameWarmS: 0.1,
    });
  });
});

describe('markdownTables', () => {
  const players = [
    { id: 'embed', label: 'OnAir embed' },
    { id: 'peer', label: 'Peer' },
  ];
  const medians = {
    embed: { firstFrameColdS: 0.5, stalls: 0, avgBitrateKbps: 1000 },
    peer: { firstFrameColdS: 1, stalls: 2, avgBitrateKbps: 2000 },
  };

  it('marks the best player per figure and gives the others their ratio to it', () => {
    const md = markdownTables(players, medians, definitions);
    expect(md).toContain('#### Start-up');
    const row = (label) => md.split('\n').filter((l) => l.startsWith(`| ${label} |`));
    expect(row('OnAir embed')[0]).toContain('**0.50 s** (best)');
    expect(row('Peer')[0]).toContain('1.00 s (2.00×)');
    // Adaptation: no stalls is best and has no ratio to be compared with; higher bitrate wins.
    expect(row('Peer')[2]).toMatch(/\| 2 \|/);
    expect(row('Peer')[2]).toContain('**2000 kbps** (best)');
    expect(row('OnAir embed')[2]).toContain('1000 kbps (2.00×)');
  });

  it('does not blow up a difference smaller than the figure can tell apart', () => {
    const md = markdownTables(players, { embed: { stalledS: 3.6 }, peer: { stalledS: 0.003 } }, definitions);
    expect(md).toContain('3.60 s (14.40×)');
    expect(md).toContain('**0.00 s** (best)');
  });

  it('shows an unknown figure as a dash', () => {
    expect(markdownTables(players, medians, definitions)).toContain('| — |');
  });
});

describe('pictureLine', () => {
  it('names the picture each run played, and a dash for a failed session', () => {
    const players = [
      { id: 'embed', label: 'OnAir embed' },
      { id: 'peer', label: 'Peer' },
    ];
    const runs = {
      embed: [{ playback: { summary: { rendition: '720p' } } }, { playback: { summary: { rendition: '720p' } } }],
      peer: [{ playback: { summary: { rendition: '480p' } } }, { playback: { error: 'timeout' } }],
    };
    expect(pictureLine(players, runs)).toContain('OnAir embed 720p, 720p; Peer 480p, —.');
  });
});
