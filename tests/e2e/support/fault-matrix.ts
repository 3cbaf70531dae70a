/**
 * The fault matrix of the embed on its default sink: each fault × each target × each phase,
 * what the origin is told to do, and how the cell must end. Pure (no browser, no I/O), so the
 * table is read in one place and the journey (fault-matrix.spec.ts) only carries it out.
 *
 * Every fault but the 404 is bounded (a count), as real ones are. A cell ends playing again,
 * or on the error screen whose Retry then plays, never on a frozen frame with no message.
 */

export const FAULTS = ['not-found', 'server-errors', 'stall', 'truncation', 'corruption', 'delay'] as const;
export type Fault = (typeof FAULTS)[number];

export const TARGETS = ['multivariant', 'playlist', 'init', 'segment'] as const;
export type Target = (typeof TARGETS)[number];

/**
 * start-up: the fault is on before the page opens; steady: set while playing; after-switch:
 * set on the rendition a viewer picks in the quality menu, just before picking it.
 */
export const PHASES = ['start-up', 'steady', 'after-switch'] as const;
export type Phase = (typeof PHASES)[number];

/** The rendition the after-switch phase picks (the lowest: never where auto starts). */
export const SWITCH_TO = '160p';

export interface Cell {
  fault: Fault;
  target: Target;
  phase: Phase;
}

/** How a cell must end: playing again, or the error screen of this player error type. */
export type Outcome = { kind: 'plays' } | { kind: 'error'; type: string };

/**
 * Sink reloads a cell may cause (new loads of the multivariant playlist, Retry not counted):
 * one for a decode error (SPEC §8 reloads once) and three of the buffering watchdog's backoff.
 */
export const MAX_RELOADS = 4;

/**
 * Whether the player asks for `target` at all in `phase`. The multivariant playlist is read
 * once per load, and an init segment once per rendition: while playing steadily neither is
 * asked for again, so a fault there must leave playback alone (and is not waited for).
 */
export function isRequested(target: Target, phase: Phase): boolean {
  if (target === 'multivariant') return phase === 'start-up';
  if (target === 'init') return phase !== 'steady';
  return true;
}

/** The body of `POST /admin/channels/:slug/faults` for a cell. */
export function faultBody(cell: Cell): Record<string, unknown> {
  const { fault, target, phase } = cell;
  const scope: Record<string, unknown> = { target };
  if (phase === 'after-switch' && target !== 'multivariant') scope.rendition = SWITCH_TO;
  switch (fault) {
    case 'not-found':
      // Gone for good, as a stream that ended is: cleared before the journey's Retry.
      return { ...scope, status: 404 };
    case 'server-errors':
      return { ...scope, status: 503, count: 3 };
    case 'stall':
      // Headers, then nothing for longer than the engine waits for a request (10 s).
      return { ...scope, stallMs: 15_000, count: 1 };
    case 'truncation':
      return { ...scope, corrupt: 'truncate', count: 1 };
    case 'corruption':
      // Media keeps its boxes and loses its samples (a bad encode); anything else is garbage.
      return { ...scope, corrupt: target === 'segment' ? 'mdat' : 'garbage', count: 1 };
    case 'delay':
      return { ...scope, delayMs: 3000, count: 1 };
  }
}

const NOT_AVAILABLE: Outcome = { kind: 'error', type: 'NotAvailable' };
const PLAYS: Outcome = { kind: 'plays' };

/**
 * The cell's required ending. A 404 is an answer, not retried: the stream is not there (the
 * embed asks for channel info again and, the channel being live, keeps its Retry). Every
 * other fault is bounded and recovered by the engine's retries and reloads.
 */
export function expectedOutcome(cell: Cell): Outcome {
  if (!isRequested(cell.target, cell.phase)) return PLAYS;
  return cell.fault === 'not-found' ? NOT_AVAILABLE : PLAYS;
}

export function cellName(cell: Cell): string {
  return `${cell.fault} on ${cell.target} at ${cell.phase}`;
}

/** The whole product: 6 faults × 4 targets × 3 phases. */
export function allCells(): Cell[] {
  return FAULTS.flatMap((fault) => TARGETS.flatMap((target) => PHASES.map((phase) => ({ fault, target, phase }))));
}

/**
 * CI's slice: every fault × target pair once, each in a phase where its target is asked for,
 * the phases taken in turn across the faults so that each phase of each target is covered.
 */
export function ciCells(): Cell[] {
  return TARGETS.flatMap((target) => {
    const phases = PHASES.filter((phase) => isRequested(target, phase));
    return FAULTS.map((fault, i) => ({ fault, target, phase: phases[i % phases.length]! }));
  });
}
