import type { PlayerStateObject } from '@onair/player';
import { statsRows } from '../lib/stats-format.ts';
import type { LogEntry } from './event-log.ts';

/**
 * The player's statistics, the rows the embed's "Stats for nerds" shows (lib/stats-format.ts),
 * read from the player's state only, with its playback state first.
 */
export function StatsPanel({ state }: { state: PlayerStateObject | null }) {
  return (
    <section className="playground-panel" aria-labelledby="playground-stats-heading">
      <h2 id="playground-stats-heading">Stats</h2>
      {state ? (
        <dl className="playground-stats" data-testid="playground-stats">
          <div>
            <dt>State</dt>
            <dd>{state.state}</dd>
          </div>
          {statsRows(state).map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>Load a stream to see its statistics.</p>
      )}
    </section>
  );
}

const seconds = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The player's events, newest first (event-log.ts bounds it). Not a live region: it changes
 * several times a second, which a screen reader would read out without end.
 */
export function EventLog({ log }: { log: readonly LogEntry[] }) {
  return (
    <section className="playground-panel" aria-labelledby="playground-log-heading">
      <h2 id="playground-log-heading">Events</h2>
      {log.length === 0 ? (
        <p>No events yet.</p>
      ) : (
        <ol className="playground-log" data-testid="playground-log">
          {log.map((entry) => (
            <li key={entry.id}>
              <span className="playground-log__time">{seconds.format(entry.atMs / 1000)} s</span>{' '}
              <code>{entry.type}</code> {entry.detail}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
