import { CAPTION_CUE_DURATION_S, type Player, type TextCue } from '@onair/player';
import { useEffect, useState } from 'react';

/** How long a caption stays up: its own span, or the spec's 2 s (SPEC §9) when it has none. */
export function captionDurationMs(cue: Pick<TextCue, 'startTime' | 'endTime'>): number {
  const seconds = cue.endTime - cue.startTime;
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : CAPTION_CUE_DURATION_S) * 1000;
}

/** The caption on screen now: the player's latest text cue, until it expires. */
export function useCaption(player: Player | null): string | null {
  const [caption, setCaption] = useState<string | null>(null);

  useEffect(() => {
    if (!player) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onCue = (cue: TextCue) => {
      clearTimeout(timer);
      setCaption(cue.text);
      timer = setTimeout(() => setCaption(null), captionDurationMs(cue));
    };
    player.on('text-cue', onCue);
    return () => {
      player.off('text-cue', onCue);
      clearTimeout(timer);
    };
  }, [player]);

  return player ? caption : null;
}
