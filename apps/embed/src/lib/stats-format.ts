import type { BufferedRange, FrameStatistics, GpuSurfaceState, PlayerStateObject } from '@onair/player';

export interface StatsRow {
  label: string;
  value: string;
}

/** The part of the player's state the "Stats for nerds" panel reads. */
export type StatsInput = Pick<
  PlayerStateObject,
  | 'liveLatency'
  | 'position'
  | 'trackBufferedRanges'
  | 'quality'
  | 'autoQualityMode'
  | 'statistics'
  | 'bandwidthEstimate'
  | 'sink'
  | 'liveLowLatency'
>;

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const UNKNOWN = '–';

/** Seconds of media buffered ahead of `position` in the range that holds it. */
export function bufferAhead(ranges: readonly BufferedRange[], position: number): number {
  const holding = ranges.find((range) => range.start <= position + 0.05 && position <= range.end);
  return holding ? Math.max(0, holding.end - position) : 0;
}

function bitsPerSecond(bits: number): string {
  if (!(bits > 0)) return UNKNOWN;
  return bits >= 1_000_000 ? `${twoDecimals.format(bits / 1_000_000)} Mbps` : `${integer.format(bits / 1000)} kbps`;
}

/**
 * The panel's rows, from the player's state only (never the <video> element). Resolution
 * and codecs are the playing quality's; frames are the element's counters as the player
 * sampled them.
 */
export function statsRows(state: StatsInput): StatsRow[] {
  const { quality, statistics } = state;
  const mode = state.autoQualityMode ? 'Auto' : 'Manual';
  return [
    {
      label: 'Latency',
      value: Number.isFinite(state.liveLatency)
        ? `${twoDecimals.format(state.liveLatency)} s${state.liveLowLatency ? ' (low latency)' : ''}`
        : UNKNOWN,
    },
    { label: 'Buffer', value: `${twoDecimals.format(bufferAhead(state.trackBufferedRanges.video, state.position))} s` },
    {
      label: 'Resolution',
      value: quality
        ? `${quality.width}×${quality.height}@${integer.format(quality.framerate)} (${quality.name}, ${mode})`
        : mode,
    },
    { label: 'Codecs', value: quality?.codecs || UNKNOWN },
    { label: 'Bitrate', value: bitsPerSecond(statistics.bitrate) },
    { label: 'Bandwidth estimate', value: bitsPerSecond(state.bandwidthEstimate) },
    { label: 'Frame rate', value: `${oneDecimal.format(statistics.framerate)} fps` },
    {
      label: 'Dropped / decoded frames',
      value: `${integer.format(statistics.droppedFrames)} / ${integer.format(statistics.decodedFrames)}`,
    },
    { label: 'Sink', value: state.sink ?? UNKNOWN },
  ];
}

const GPU_STATUS: Record<GpuSurfaceState['status'], string> = {
  off: 'off',
  starting: 'starting',
  presenting: 'presenting',
  unsupported: 'not supported',
  failed: 'failed',
};

/**
 * The GPU surface's rows, shown in a canvas mode only: what it runs on, why it does not (the
 * reason or SPEC §8 error name), and the SPEC §3 frame statistics since it started (frames
 * drawn of those the video presented, and mean per-frame times).
 */
export function gpuStatsRows(gpu: GpuSurfaceState, frames: FrameStatistics | null): StatsRow[] {
  if (gpu.mode === 'video') return [];
  const adapter = gpu.support.adapter;
  const reason = gpu.status === 'failed' || gpu.status === 'unsupported' ? ` (${gpu.support.reason ?? UNKNOWN})` : '';
  const rows: StatsRow[] = [
    { label: 'GPU surface', value: `${gpu.mode}, ${GPU_STATUS[gpu.status]}${reason}` },
    {
      label: 'GPU adapter',
      value: adapter ? `${adapter.vendor || UNKNOWN} / ${adapter.architecture || UNKNOWN}` : UNKNOWN,
    },
  ];
  if (!frames) return rows;
  const ms = (value: number) => `${oneDecimal.format(value)} ms`;
  return [
    ...rows,
    {
      label: 'GPU frames drawn / presented',
      value: `${integer.format(frames.rendered)} / ${integer.format(frames.source)} (${gpu.capture ?? UNKNOWN} capture)`,
    },
    {
      label: 'GPU transform / render',
      value: `${ms(frames.timings.transform.mean)} / ${ms(frames.timings.render.mean)}`,
    },
    { label: 'GPU end to end', value: ms(frames.timings.endToEnd.mean) },
  ];
}
