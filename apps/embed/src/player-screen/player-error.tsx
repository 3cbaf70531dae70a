import type { PlayerError } from '@onair/player';
import { offersRetry, PLAYER_ERROR_TITLE, playerErrorCopy } from '../lib/player-error-copy.ts';

/**
 * A fatal playback error as a designed message with a way out, never a blank frame. The words
 * come from the error's restriction or type; the engine's own message goes to the console
 * (page-player.ts). Retry is offered where it can help (offersRetry).
 */
export function PlayerErrorMessage({ error, onRetry }: { error: PlayerError; onRetry(): void }) {
  return (
    <div
      className="player__error"
      role="alert"
      data-testid="player-error"
      data-error-type={error.type}
      data-restriction={error.restriction}
      data-authorization={error.authorization}
      data-drm={error.drm}
    >
      <p className="player__error-title">{PLAYER_ERROR_TITLE}</p>
      <p className="player__error-detail">{playerErrorCopy(error)}</p>
      {offersRetry(error) && (
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
