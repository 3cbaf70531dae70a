import type { PlayerStateObject, TextTrack } from '@onair/player';
import { useCallback, useEffect, useRef } from 'react';
import { chooseTextTrack, type CaptionPreferences, type CaptionStyle } from '../player/caption-style.ts';
import type { PlayerRequester } from '../player/player-requester.ts';
import type { PlayerRequest } from '../player/requests.ts';
import { useCaptionPreferences } from '../player/use-caption-preferences.ts';

/** One empty list, so that the controls' props stay equal while the stream has no text tracks. */
const NO_TEXT_TRACKS: readonly TextTrack[] = [];

export interface Captions {
  prefs: CaptionPreferences;
  textTracks: readonly TextTrack[];
  /** The track shown, null: captions off. */
  textTrack: string | null;
  /** The menu's choice: a track, or Off. */
  onTextTrack(id: string | null): void;
  /** The CC button and `c`. */
  toggle(): void;
  onStyle(style: CaptionStyle): void;
}

/**
 * Captions follow the viewer's choice (use-caption-preferences.ts): on, they show the track in
 * the language last chosen (caption-style.ts chooseTextTrack), on this stream and the next;
 * off, none. The CC button turns them on or off; the menu picks a language (and so turns them
 * on) or Off. Every change goes through the requester, as any other control's, and a choice
 * made elsewhere (the host page's setCaptions) becomes the viewer's preference as the menu's
 * does: otherwise the preference would turn it back off.
 */
export function useCaptions(
  snapshot: Pick<PlayerStateObject, 'textTracks' | 'textTrack'> | null,
  request: (next: PlayerRequest) => void,
  requester: PlayerRequester | null,
): Captions {
  const [prefs, setPrefs] = useCaptionPreferences();
  const textTracks = snapshot?.textTracks ?? NO_TEXT_TRACKS;
  const textTrack = snapshot?.textTrack ?? null;
  const preferred = prefs.enabled ? (chooseTextTrack(textTracks, prefs.language)?.id ?? null) : null;
  const latest = useRef({ textTracks, prefs, setPrefs });
  useEffect(() => {
    latest.current = { textTracks, prefs, setPrefs };
  });
  useEffect(
    () =>
      requester?.onTextTrackChosen((id) => {
        const now = latest.current;
        // What the preference implies already (its own requests, below): nothing to change.
        const implied = now.prefs.enabled ? (chooseTextTrack(now.textTracks, now.prefs.language)?.id ?? null) : null;
        if (id === implied) return;
        const track = now.textTracks.find((t) => t.id === id);
        now.setPrefs({ ...now.prefs, enabled: id !== null, language: track?.language ?? now.prefs.language });
      }),
    [requester],
  );
  useEffect(() => {
    if (preferred !== null && textTrack === null) request({ type: 'set-text-track', id: preferred });
    if (!prefs.enabled && textTrack !== null) request({ type: 'set-text-track', id: null });
  }, [preferred, textTrack, prefs.enabled, request]);
  const onTextTrack = useCallback(
    (id: string | null) => {
      const track = textTracks.find((t) => t.id === id);
      setPrefs({ ...prefs, enabled: id !== null, language: track?.language ?? prefs.language });
      request({ type: 'set-text-track', id });
    },
    [textTracks, prefs, setPrefs, request],
  );
  const toggle = useCallback(() => {
    if (textTracks.length > 0) setPrefs({ ...prefs, enabled: textTrack === null });
  }, [textTracks.length, textTrack, prefs, setPrefs]);
  const onStyle = useCallback((style: CaptionStyle) => setPrefs({ ...prefs, style }), [prefs, setPrefs]);
  return { prefs, textTracks, textTrack, onTextTrack, toggle, onStyle };
}
