import { Tooltip } from '../ui/tooltip.tsx';

interface LiveIndicatorProps {
  behind: boolean;
  seconds: number;
  onGoLive(): void;
}

/**
 * Where playback stands against the live edge, in the control bar: a red dot and LIVE while at
 * the edge (a statement, not a control: there is nothing to do), and, once playback trails it
 * (player/behind-live.ts), a grey dot with "12 s behind" that is a button: Go live (also L, and
 * the host page's goLive). The button's name says both what it does and why it is there.
 */
export function LiveIndicator({ behind, seconds, onGoLive }: LiveIndicatorProps) {
  if (!behind) {
    return (
      <span className="live-indicator" data-testid="live-indicator" data-behind="false">
        <span className="live-indicator__dot" aria-hidden="true" />
        LIVE
      </span>
    );
  }
  return (
    <Tooltip label="Go live (l)">
      <button
        type="button"
        className="control live-indicator"
        data-testid="live-indicator"
        data-behind="true"
        aria-label={`Go live (${seconds} seconds behind)`}
        aria-keyshortcuts="L"
        onClick={onGoLive}
      >
        <span className="live-indicator__dot" aria-hidden="true" />
        {`${seconds} s behind`}
      </button>
    </Tooltip>
  );
}
