import type { PlayerError } from '@onair/player';

/** A fatal playback error as a designed message with a way out, never a blank frame. */
export function PlayerErrorMessage({ error, onRetry }: { error: PlayerError; onRetry(): void }) {
  return (
    <div className="player__error" role="alert" data-testid="player-error">
      <p className="player__error-title">This stream could not be played</p>
      <p className="player__error-detail">{error.message}</p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
