import type { CastStatus, Player, Quality } from '@onair/player';
import { useEffect, useState } from 'react';

interface LiveAnnouncerProps {
  player: Player | null;
  behindLive: boolean;
}

/**
 * A polite live region for what a screen-reader user cannot see change: playback falling
 * behind live and catching up again, and the quality the viewer picked taking effect. The
 * automatic quality's own moves are not announced (several a minute would drown the stream's
 * sound); the seconds behind are not either (they change every second), only the crossing.
 * Casting is announced as it connects, starts and stops.
 */
export function LiveAnnouncer({ player, behindLive }: LiveAnnouncerProps) {
  const [message, setMessage] = useState('');
  const [wasBehind, setWasBehind] = useState(behindLive);
  // Adjusted while rendering (not in an effect): the announcement follows the crossing at once.
  if (behindLive !== wasBehind) {
    setWasBehind(behindLive);
    setMessage(behindLive ? 'Playing behind live. Press L to go live.' : 'Caught up to live.');
  }

  useEffect(() => {
    if (!player) return;
    // Where the picture is: the screen shows it, a screen reader hears it.
    const onCast = ({ state, receiver }: CastStatus) => {
      if (state === 'connecting') setMessage('Connecting to the TV.');
      else if (state === 'connected') setMessage(`Casting to ${receiver ?? 'the TV'}.`);
      else setMessage((previous) => (previous.startsWith('Casting to') ? 'Stopped casting. Playing here.' : previous));
    };
    player.on('cast-state-changed', onCast);
    return () => player.off('cast-state-changed', onCast);
  }, [player]);

  useEffect(() => {
    if (!player) return;
    const onQuality = (quality: Quality) => {
      if (!player.getState().autoQualityMode) setMessage(`Quality ${quality.name}`);
    };
    player.on('quality-changed', onQuality);
    return () => player.off('quality-changed', onQuality);
  }, [player]);

  return (
    <div className="visually-hidden" role="status" data-testid="announcer">
      {message}
    </div>
  );
}
