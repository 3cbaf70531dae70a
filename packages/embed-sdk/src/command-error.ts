import type { Command, Reply } from './protocol.ts';

/**
 * Why a command failed: the embed's own reason from its reply, or one the SDK gives.
 * - `timeout`: no reply within COMMAND_TIMEOUT_MS of sending it;
 * - `not-ready`: the embed never said `ready` within READY_TIMEOUT_MS of the call;
 * - `destroyed`: `destroy()` was called first;
 * - `invalid-argument`: the embed would ignore the command (a volume outside 0..1, …);
 * - `no-stats`: `getStats` (or `getState`) was answered without its value.
 */
export type FailureReason =
  Extract<Reply, { ok: false }>['reason'] | 'timeout' | 'not-ready' | 'destroyed' | 'invalid-argument' | 'no-stats';

/** A command that did not succeed: data (`command`, `reason`), with a message that names both. */
export class OnAirCommandError extends Error {
  constructor(
    readonly command: Command['command'],
    readonly reason: FailureReason,
  ) {
    super(`OnAir ${command}: ${reason}`);
    this.name = 'OnAirCommandError';
  }
}
