import type { Player, PlayerStateObject } from '@onair/player';
import { usePlayerSelector } from '../player/player-selector.ts';
import { seekSpan } from './seek-bar.ts';
import { SeekBar } from './seek-bar.tsx';

interface SeekView {
  span: { start: number; end: number } | null;
  position: number;
  live: boolean;
}

/** No bar (a short live window): one object, so the sample's new position renders nothing. */
const NO_SEEK: SeekView = { span: null, position: 0, live: false };

function seekOf(state: PlayerStateObject): SeekView {
  const span = seekSpan(state.seekable);
  if (!span) return NO_SEEK;
  return { span, position: state.position, live: state.duration === Number.POSITIVE_INFINITY };
}

const sameSeek = (a: SeekView, b: SeekView) =>
  a === b ||
  (a.span !== null &&
    b.span !== null &&
    a.span.start === b.span.start &&
    a.span.end === b.span.end &&
    a.position === b.position &&
    a.live === b.live);

/**
 * The seek bar with its own reading of the player (player-selector.ts): the position moves
 * with every sample, and only this bar renders for it, not the player screen.
 */
export function PlayerSeek({ player, onSeek }: { player: Player | null; onSeek(position: number): void }) {
  const view = usePlayerSelector(player, seekOf, sameSeek);
  if (!view?.span) return null;
  return <SeekBar span={view.span} position={view.position} live={view.live} disabled={!player} onSeek={onSeek} />;
}
