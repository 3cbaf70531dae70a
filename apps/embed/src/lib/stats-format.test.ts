import { describe, expect, it } from 'vitest';
import type { FrameStatistics, GpuSurfaceState } from '@onair/player';
import { bufferAhead, gpuStatsRows, statsRows, type StatsInput } from './stats-format.ts';

const base: StatsInput = {
  liveLatency: 2.345,
  position: 10,
  trackBufferedRanges: { audio: [], video: [{ start: 8, end: 11.5 }] },
  quality: {
    name: '720p',
    group: '720p',
    codecs: 'avc1.64001f,mp4a.40.2',
    bitrate: 2_500_000,
    width: 1280,
    height: 720,
    framerate: 30,
  },
  autoQualityMode: true,
  statistics: { bitrate: 2_500_000, framerate: 29.97, droppedFrames: 3, decodedFrames: 12_345 },
  bandwidthEstimate: 812_000,
  sink: 'mse',
  liveLowLatency: true,
};

const value = (rows: ReturnType<typeof statsRows>, label: string) => rows.find((row) => row.label === label)?.value;

describe('statsRows', () => {
  it('formats every figure of the panel', () => {
    const rows = statsRows(base);
    expect(value(rows, 'Latency')).toBe('2.35 s (low latency)');
    expect(value(rows, 'Buffer')).toBe('1.50 s');
    expect(value(rows, 'Resolution')).toBe('1280×720@30 (720p, Auto)');
    expect(value(rows, 'Codecs')).toBe('avc1.64001f,mp4a.40.2');
    expect(value(rows, 'Bitrate')).toBe('2.50 Mbps');
    expect(value(rows, 'Bandwidth estimate')).toBe('812 kbps');
    expect(value(rows, 'Frame rate')).toBe('30.0 fps');
    expect(value(rows, 'Dropped / decoded frames')).toBe('3 / 12,345');
    expect(value(rows, 'Sink')).toBe('mse');
  });

  it('shows a dash for what is not known yet', () => {
    const rows = statsRows({
      ...base,
      liveLatency: Number.NaN,
      quality: null,
      autoQualityMode: false,
      statistics: { bitrate: 0, framerate: 0, droppedFrames: 0, decodedFrames: 0 },
      bandwidthEstimate: 0,
      sink: null,
    });
    expect(value(rows, 'Latency')).toBe('–');
    expect(value(rows, 'Resolution')).toBe('Manual');
    expect(value(rows, 'Codecs')).toBe('–');
    expect(value(rows, 'Bitrate')).toBe('–');
    expect(value(rows, 'Bandwidth estimate')).toBe('–');
    expect(value(rows, 'Sink')).toBe('–');
  });
});

describe('bufferAhead', () => {
  it('measures the range holding the position only', () => {
    expect(
      bufferAhead(
        [
          { start: 0, end: 4 },
          { start: 6, end: 9 },
        ],
        7,
      ),
    ).toBe(2);
    expect(bufferAhead([{ start: 0, end: 4 }], 5)).toBe(0);
    expect(bufferAhead([], 1)).toBe(0);
  });
});

describe('gpuStatsRows', () => {
  const adapter = { vendor: 'google', architecture: 'swiftshader', device: '', description: '' };
  const presenting: GpuSurfaceState = {
    mode: 'canvas',
    status: 'presenting',
    support: { supported: true, reason: null, adapter },
    errorCode: null,
    capture: 'bitmap',
  };
  const timing = (mean: number) => ({ count: 10, mean, max: mean * 2 });
  const frames = {
    source: 300,
    rendered: 240,
    timings: { transform: timing(12.34), render: timing(3.21), endToEnd: timing(40) },
  } as unknown as FrameStatistics;

  it('shows nothing for the plain video', () => {
    expect(gpuStatsRows({ ...presenting, mode: 'video', status: 'off' }, null)).toEqual([]);
  });

  it('shows the surface, the adapter and the frame statistics while presenting', () => {
    const rows = gpuStatsRows(presenting, frames);
    expect(value(rows, 'GPU surface')).toBe('canvas, presenting');
    expect(value(rows, 'GPU adapter')).toBe('google / swiftshader');
    expect(value(rows, 'GPU frames drawn / presented')).toBe('240 / 300 (bitmap capture)');
    expect(value(rows, 'GPU transform / render')).toBe('12.3 ms / 3.2 ms');
    expect(value(rows, 'GPU end to end')).toBe('40.0 ms');
  });

  it('says why the surface is not drawing', () => {
    const failed = {
      ...presenting,
      status: 'failed' as const,
      support: { supported: false, reason: 'DeviceLost', adapter },
    };
    expect(value(gpuStatsRows(failed, null), 'GPU surface')).toBe('canvas, failed (DeviceLost)');
    const refused = {
      ...presenting,
      status: 'unsupported' as const,
      support: { supported: false, reason: 'vendor-not-allowed', adapter },
    };
    expect(value(gpuStatsRows(refused, null), 'GPU surface')).toBe('canvas, not supported (vendor-not-allowed)');
  });
});
