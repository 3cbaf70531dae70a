/**
 * For tests that fake `setTimeout` (vitest fake timers) while real I/O still runs: a request
 * over a socket or through `inject` reaches the code that starts a timer only after some turns
 * of the real event loop. `turnsUntil` yields to it until the condition holds.
 *
 * The pause between checks is `node:timers/promises`, which the fake timers leave alone, and
 * the limit on turns only keeps a broken test from hanging: nothing is measured with it.
 */
import { setTimeout as realPause } from 'node:timers/promises';

export async function turnsUntil(condition: () => boolean, what: string, turns = 2_000): Promise<void> {
  for (let turn = 0; turn < turns; turn++) {
    if (condition()) return;
    await realPause(5);
  }
  if (!condition()) throw new Error(`never happened: ${what}`);
}
