import { useEffect, useRef, type RefObject } from 'react';
import { afterFirstFrame } from '../start-up.ts';
import type { HiddenListening } from './hidden-listening.ts';
import type { PlayerRequester } from './player-requester.ts';

/** The query parameter a host page opts in with (the SDK's `audioOnlyWhenHidden`). */
export const AUDIO_ONLY_WHEN_HIDDEN_PARAM = 'audioonlywhenhidden';

/** Whether the embed's URL opts in: on only for the exact text 'true', as every embed parameter. */
export function audioOnlyWhenHiddenRequested(search: string): boolean {
  return new URLSearchParams(search).get(AUDIO_ONLY_WHEN_HIDDEN_PARAM) === 'true';
}

/**
 * Audio-only while the player is out of sight, where the host page opted in (the rule:
 * hidden-listening.ts). Its code, and the sight observers', load after the first frame and only
 * for an embed that opted in. The mode goes through the requester, as the menu's does.
 */
export function useAudioWhenHidden(
  target: RefObject<HTMLElement | null>,
  requester: PlayerRequester | null,
  state: { enabled: boolean; playing: boolean; audioOnly: boolean },
): void {
  const rule = useRef<HiddenListening | null>(null);
  const playingNow = useRef(state.playing);

  useEffect(() => {
    playingNow.current = state.playing;
    rule.current?.update({ playing: state.playing });
  }, [state.playing]);

  // Turned off by someone else (the host's setAudioOnly, a quality chosen): theirs now.
  useEffect(() => {
    if (!state.audioOnly && rule.current?.engaged) rule.current.release();
  }, [state.audioOnly]);

  useEffect(() => {
    const element = target.current;
    if (!state.enabled || !element || !requester) return;
    let active = true;
    let stopObserving = () => {};
    void afterFirstFrame()
      .then(() => Promise.all([import('./hidden-listening.ts'), import('../presence/sight-signals.ts')]))
      .then(([{ HiddenListening }, { observeSight }]) => {
        if (!active) return;
        const listening = new HiddenListening({
          setTimeout: (callback, ms) => window.setTimeout(callback, ms),
          clearTimeout: (handle) => window.clearTimeout(handle as number),
          setAudioOnly: (on) => void requester.request({ type: 'set-audio-only', enabled: on }),
        });
        rule.current = listening;
        listening.update({ playing: playingNow.current });
        stopObserving = observeSight(element, ({ pageVisible, ratio }) => {
          if (pageVisible !== undefined) listening.update({ pageVisible });
          if (ratio !== undefined) listening.update({ ratio });
        });
      });
    return () => {
      active = false;
      stopObserving();
      rule.current?.destroy();
      rule.current = null;
    };
  }, [target, requester, state.enabled]);
}
