// The figures of one run of one player, flattened for medians, and how the table shows them.
// Pure: flatten() takes what lib/sessions.mjs returned.
import { best, ratio } from './stats.mjs';

/**
 * Every figure in the table, grouped as the issue lists them. `higher`: higher is better
 * (only the bitrate played); everything else is better lower. `floor`: the smallest value the
 * ratio takes seriously (lib/stats.mjs `ratio`), where the measurement cannot tell less apart.
 */
export function metricDefinitions(options) {
  const [firstHeap, lastHeap] = [options.heapAtS[0], options.heapAtS.at(-1)];
  return [
    { group: 'Start-up', key: 'firstFrameColdS', label: 'First frame, cold', unit: 's', digits: 2 },
    { group: 'Start-up', key: 'firstFrameWarmS', label: 'First frame, warm', unit: 's', digits: 2 },
    { group: 'Start-up', key: 'requests', label: 'Requests before it', unit: '', digits: 0 },
    { group: 'Start-up', key: 'transferKiB', label: 'Bytes before it', unit: 'KiB', digits: 0 },
    { group: 'Start-up', key: 'jsGzipKiB', label: 'JS before it (gzip)', unit: 'KiB', digits: 0 },
    { group: 'Live latency', key: 'latencyP50S', label: 'Latency p50', unit: 's', digits: 2 },
    { group: 'Live latency', key: 'latencyP95S', label: 'Latency p95', unit: 's', digits: 2 },
    { group: 'Live latency', key: 'steadyStalls', label: 'Stalls (no throttling)', unit: '', digits: 0 },
    { group: 'Adaptation', key: 'stalls', label: 'Stalls', unit: '', digits: 0 },
    { group: 'Adaptation', key: 'stalledS', label: 'Stall time', unit: 's', digits: 2, floor: 0.25 },
    { group: 'Adaptation', key: 'rebufferPct', label: 'Rebuffer ratio', unit: '%', digits: 1, floor: 0.5 },
    { group: 'Adaptation', key: 'switchDownS', label: 'Switch down', unit: 's', digits: 1, floor: 0.25 },
    { group: 'Adaptation', key: 'switchUpS', label: 'Back up', unit: 's', digits: 1, floor: 0.25 },
    { group: 'Adaptation', key: 'avgBitrateKbps', label: 'Avg bitrate', unit: 'kbps', digits: 0, higher: true },
    { group: 'Under jank', key: 'jankStalls', label: 'Stalls', unit: '', digits: 0 },
    { group: 'Under jank', key: 'jankStalledS', label: 'Stall time', unit: 's', digits: 2, floor: 0.25 },
    { group: 'Under jank', key: 'jankPlayedPct', label: 'Media time played', unit: '%', digits: 0, higher: true },
    { group: 'Under jank', key: 'jankFps', label: 'Frames decoded', unit: '/s', digits: 1, higher: true },
    { group: 'Cost', key: 'busySPerMin', label: 'Main thread busy', unit: 's/min', digits: 2 },
    { group: 'Cost', key: 'longTasksPerMin', label: 'Long tasks', unit: '/min', digits: 1, floor: 1 },
    { group: 'Cost', key: 'blockingMsPerMin', label: 'Blocking past 50 ms', unit: 'ms/min', digits: 0, floor: 10 },
    { group: 'Cost', key: 'cpuSPerMin', label: 'CPU', unit: 's/min', digits: 2 },
    { group: 'Cost', key: 'heapFirstMiB', label: `Heap at ${firstHeap} s`, unit: 'MiB', digits: 1 },
    {
      group: 'Cost',
      key: 'heapGrowthMiB',
      label: `Heap growth ${firstHeap}→${lastHeap} s`,
      unit: 'MiB',
      digits: 2,
      floor: 0.5,
    },
  ];
}

/** The median of the numbers in `values` (nulls left out), or null for none. */
function median(values) {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * One run of one player → { metricKey: number|null }. A failed session leaves its figures null.
 * `startup`: the run's start-up loads (sessions.mjs startupLoad), whose medians are the first
 * frame where any came (one start-up per run is too few to rank players whose first frames are
 * 10 ms apart: a single cold load varies by ±20 ms here); else the playback session's own.
 */
export function flatten(playback, network, jank = null, startup = []) {
  const p = playback && !playback.error ? playback : null;
  const n = network && !network.error ? network : null;
  const j = jank && !jank.error ? jank : null;
  const heap = p?.heap ?? [];
  const loads = startup.filter((load) => !load.error);
  const cold = median(loads.map((load) => load.coldS));
  const warm = median(loads.map((load) => load.warmS));
  return {
    firstFrameColdS: loads.length ? cold : (p?.cold.firstFrameS ?? null),
    // undefined when only the warm start-up failed
    firstFrameWarmS: loads.length ? warm : (p?.warm.firstFrameS ?? null),
    requests: p?.cold.requests ?? null,
    transferKiB: p?.cold.transferKiB ?? null,
    jsGzipKiB: p?.cold.jsGzipKiB ?? null,
    latencyP50S: p?.summary.latency.p50 ?? null,
    latencyP95S: p?.summary.latency.p95 ?? null,
    steadyStalls: p?.summary.stalls.count ?? null,
    stalls: n?.figures.stalls ?? null,
    stalledS: n?.figures.stalledS ?? null,
    rebufferPct: n?.figures.rebufferRatio == null ? null : n.figures.rebufferRatio * 100,
    switchDownS: n?.figures.switchDownS ?? null,
    switchUpS: n?.figures.switchUpS ?? null,
    avgBitrateKbps: n?.figures.avgBitrateKbps ?? null,
    jankStalls: j?.stalls ?? null,
    jankStalledS: j?.stalledS ?? null,
    jankPlayedPct: j?.playedPct ?? null,
    jankFps: j?.framesPerS ?? null,
    busySPerMin: p?.cost.busySPerMin ?? null,
    longTasksPerMin: p?.cost.longTasksPerMin ?? null,
    blockingMsPerMin: p?.cost.blockingMsPerMin ?? null,
    cpuSPerMin: p?.cost.cpuSPerMin ?? null,
    heapFirstMiB: heap.length ? heap[0].usedMiB : null,
    heapGrowthMiB: heap.length > 1 ? heap.at(-1).usedMiB - heap[0].usedMiB : null,
  };
}

const formatValue = (value, { unit, digits }) =>
  value === null ? '—' : `${value.toFixed(digits)}${unit ? (unit.startsWith('/') ? unit : ` ${unit}`) : ''}`;

/**
 * Markdown tables, one per group: a row per player, each cell the median and its ratio to the
 * best player of that column (1.00× = best, bold).
 * @param {{ id: string, label: string }[]} players
 * @param {{ [id: string]: { [key: string]: number|null } }} medians
 */
export function markdownTables(players, medians, definitions) {
  const groups = [...new Set(definitions.map((d) => d.group))];
  return groups
    .map((group) => {
      const columns = definitions.filter((d) => d.group === group);
      const header = `| Player | ${columns.map((c) => c.label).join(' | ')} |`;
      const rule = `| --- | ${columns.map(() => '---:').join(' | ')} |`;
      const bests = columns.map((c) =>
        best(
          players.map((p) => medians[p.id]?.[c.key] ?? null),
          c.higher,
        ),
      );
      const rows = players.map((p) => {
        const cells = columns.map((c, i) => {
          const value = medians[p.id]?.[c.key] ?? null;
          const text = formatValue(value, c);
          if (value === null) return text;
          if (value === bests[i]) return `**${text}** (best)`;
          const r = ratio(value, bests[i], c.higher, c.floor);
          return r === null ? text : `${text} (${r.toFixed(2)}×)`;
        });
        return `| ${p.label} | ${cells.join(' | ')} |`;
      });
      return [`#### ${group}`, '', header, rule, ...rows].join('\n');
    })
    .join('\n\n');
}

/**
 * The picture each player played in its playback sessions, run by run (the most common frame
 * height on screen): a line under the tables, since the CPU figure is mostly the decoder's, and
 * a 720p picture costs about 30 % more CPU to decode and draw than a 480p one (measured here:
 * the embed 8.2 s/min at 720p against 6.3 at 480p, the same session otherwise).
 * @param {{ id: string, label: string }[]} players
 * @param {{ [id: string]: { playback?: { summary?: { rendition?: string|null } } }[] }} runs
 */
export function pictureLine(players, runs) {
  const cells = players.map((p) => {
    const played = (runs[p.id] ?? []).map((r) => r.playback?.summary?.rendition ?? '—');
    return `${p.label} ${played.length ? played.join(', ') : '—'}`;
  });
  return `Picture played in each run's playback session (the CPU figure is mostly its decoding): ${cells.join('; ')}.`;
}
