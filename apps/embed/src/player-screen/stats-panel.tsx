import type { Player } from '@onair/player';
import { useEffect, useState } from 'react';
import { CloseIcon } from '../ui/icons.tsx';
import { gpuStatsRows, statsRows, type StatsRow } from '../lib/stats-format.ts';

/** How often the figures refresh: often enough to watch, slow enough to read. */
export const STATS_REFRESH_MS = 1000;

/**
 * "Stats for nerds": the player's own figures (stats-format.ts), refreshed once a second.
 * Loaded on demand (React.lazy in live-player.tsx): no viewer needs it before the first frame.
 */
export default function StatsPanel({ player, onClose }: { player: Player; onClose(): void }) {
  const [rows, setRows] = useState<StatsRow[]>(() => rowsOf(player));

  useEffect(() => {
    const timer = setInterval(() => setRows(rowsOf(player)), STATS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [player]);

  return (
    <section className="stats" aria-label="Stats for nerds" data-testid="stats-panel">
      <div className="stats__header">
        <h2 className="stats__title">Stats for nerds</h2>
        <button type="button" className="control control--small" aria-label="Close stats" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <dl className="stats__rows">
        {rows.map((row) => (
          <div key={row.label} className="stats__row">
            <dt>{row.label}</dt>
            <dd data-stat={row.label}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function rowsOf(player: Player): StatsRow[] {
  return [...statsRows(player.getState()), ...gpuStatsRows(player.getGpuState(), player.getGpuFrameStatistics())];
}
