import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Player, PlayerEventMap, PlayerStateObject } from '@onair/player';
import { LOGGED_EVENTS, describeEvent, prependEntry, type LogEntry } from './event-log.ts';
import { EMPTY_HISTORY, addSample, type LatencyHistory } from './latency-history.ts';
import { ENGINE_UNAVAILABLE, playgroundProblem } from './problem-copy.ts';
import { startPlaygroundPlayer, type PlaygroundSettings } from './playground-player.ts';

/** What the page shows of the current run (one Load): the player's state, its events, latency. */
export interface PlaygroundRun {
  state: PlayerStateObject | null;
  log: LogEntry[];
  history: LatencyHistory;
  /** Written copy for what went wrong (a refused URL, a fatal error); null while all is well. */
  problem: string | null;
}

/** Keys for the log's list items, unique for the page's life. */
let entryId = 0;

const IDLE: PlaygroundRun = { state: null, log: [], history: EMPTY_HISTORY, problem: null };

/**
 * One player at a time into `video`: each Load deletes the last and starts a new one with
 * the form's settings (a sink or low-latency choice is a start-up choice, as in the embed).
 * A run that was replaced before its player existed deletes that player as soon as it comes.
 */
export function usePlayground(video: RefObject<HTMLVideoElement | null>) {
  const [run, setRun] = useState<PlaygroundRun>(IDLE);
  const player = useRef<Player | null>(null);
  const generation = useRef(0);

  const stop = useCallback(() => {
    generation.current += 1;
    player.current?.delete();
    player.current = null;
  }, []);

  /** Listens before load(), so that the first events (state, loaded) are in the log. */
  const watch = useCallback((started: Player, startedAt: number) => {
    const current = generation.current;
    const live = () => generation.current === current;
    for (const type of LOGGED_EVENTS) {
      started.on(type, (payload: PlayerEventMap[typeof type]) => {
        if (!live()) return;
        const atMs = performance.now() - startedAt;
        const entry: LogEntry = { id: entryId++, atMs, type, detail: describeEvent(type, payload) };
        setRun((r) => ({ ...r, log: prependEntry(r.log, entry) }));
      });
    }
    started.on('error', (error) => {
      if (!live() || !error.fatal) return;
      // The engine's words are for developers: the console, as in the embed.
      console.warn('Player error', error.type, error.code, error.message);
      setRun((r) => ({ ...r, problem: playgroundProblem(error) }));
    });
    started.subscribe(() => {
      if (!live()) return;
      const state = started.getState();
      const atSeconds = (performance.now() - startedAt) / 1000;
      setRun((r) => ({ ...r, state, history: addSample(r.history, atSeconds, state.liveLatency) }));
    });
  }, []);

  const load = useCallback(
    (settings: PlaygroundSettings) => {
      const element = video.current;
      if (!element) return;
      stop();
      const current = generation.current;
      setRun(IDLE);
      const startedAt = performance.now();
      startPlaygroundPlayer(settings, element, (started) => watch(started, startedAt)).then(
        (started) => {
          if (generation.current === current) player.current = started;
          else started.delete();
        },
        () => {
          if (generation.current === current) setRun((r) => ({ ...r, problem: ENGINE_UNAVAILABLE }));
        },
      );
    },
    [stop, video, watch],
  );

  /** A URL the form refused: the last run stops, so what plays never contradicts the message. */
  const refuse = useCallback(
    (message: string) => {
      stop();
      setRun({ ...IDLE, problem: message });
    },
    [stop],
  );

  useEffect(() => stop, [stop]);
  return { run, load, refuse };
}
