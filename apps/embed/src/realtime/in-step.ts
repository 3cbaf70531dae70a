/**
 * Where realtime news about a channel goes to be in step with the picture (player/pdt-gate.ts):
 * the player screen of that channel registers its gate while it plays; without one (the
 * offline screen, a player not started yet) news applies at once, as there is no picture to
 * wait for. One registry per page: the realtime handlers (use-channel-live-updates.ts) live
 * above the routes, the player screen below them.
 */

export interface InStepGate {
  hold(at: number, deliver: () => void): void;
}

const gates = new Map<number, InStepGate>();

/** The channel's gate until the returned function is called. */
export function registerInStep(channelId: number, gate: InStepGate): () => void {
  gates.set(channelId, gate);
  return () => {
    if (gates.get(channelId) === gate) gates.delete(channelId);
  };
}

/** Applies `deliver` when the channel's picture reaches `at`, or at once without a gate or a time. */
export function inStep(channelId: number, at: number | undefined, deliver: () => void): void {
  const gate = gates.get(channelId);
  if (gate && at !== undefined && Number.isFinite(at)) gate.hold(at, deliver);
  else deliver();
}
