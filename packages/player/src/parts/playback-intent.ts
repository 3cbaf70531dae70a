import type { PlayerEnvironment } from '../types/environment.ts';
import { shouldPauseHiddenTab } from '../base/visibility.ts';

/** The media element as far as play intent needs it. */
export type IntentElement = Pick<HTMLMediaElement, 'play' | 'pause' | 'paused' | 'muted' | 'volume'>;

/** What the intent may ask of its owner (a narrow harness, never the player). */
export interface PlaybackIntentHarness {
  /** The element plays are asked of; null while none is attached. */
  element(): IntentElement | null;
  /** The source is ready to play (SPEC §4: a play waits for ready). */
  ready(): boolean;
  /**
   * Before an unmuted play: whether the browser allows sound now (sound-autoplay.ts), or null
   * where the element's own play() answers that (every sink but the worker engine's).
   */
  soundAllowed(): Promise<boolean> | null;
  /** The viewer's wish changed: the state's `paused`. */
  onPausedChanged(paused: boolean): void;
  /** Sound was refused and playback goes on muted (SPEC §4: audio-blocked). */
  onAudioBlocked(): void;
  /** Even muted playback was refused (SPEC §4: playback-blocked). */
  onPlaybackBlocked(): void;
}

/**
 * Playback intent: whether the viewer wants playback, and everything that stands between
 * that wish and the element — a source not ready yet, a hidden page (SPEC §4: playback does
 * not start while hidden, and is retried when visible), the autoplay policy (retry muted,
 * then give up and pause), and pauses the player causes itself (hidden tab on Chrome 63 and
 * Opera, drift correction), which are not the viewer's pause.
 */
export class PlaybackIntent {
  #wantsPlay = false;
  #internalPauses = 0;
  #destroyed = false;
  /** The sound question for the pending play, asked before the source is ready so it costs no time. */
  #soundCheck: Promise<boolean> | null = null;
  readonly #onVisibility = () => this.#visibilityChanged();

  constructor(
    private readonly harness: PlaybackIntentHarness,
    private readonly env: Pick<PlayerEnvironment, 'visibility' | 'userAgent'>,
  ) {
    env.visibility.addEventListener('visibilitychange', this.#onVisibility);
  }

  get wantsPlay(): boolean {
    return this.#wantsPlay;
  }

  /** The viewer asks for playback; it starts when the source is ready and the page visible. */
  play(): Promise<void> {
    this.#wantsPlay = true;
    this.#soundCheck = null;
    this.harness.onPausedChanged(false);
    return this.attempt();
  }

  /** The viewer asks for a pause. */
  pause(): void {
    this.#wantsPlay = false;
    this.harness.onPausedChanged(true);
    this.harness.element()?.pause();
  }

  /** Starts playback if wanted and allowed now (after load, on ready, when visible again). */
  async attempt(): Promise<void> {
    const element = this.harness.element();
    if (!element || !this.#wantsPlay || this.env.visibility.hidden) return;
    if (!element.muted) this.#soundCheck ??= this.harness.soundAllowed();
    if (!this.harness.ready()) return;
    const soundCheck = this.#soundCheck ?? (element.muted ? null : this.harness.soundAllowed());
    this.#soundCheck = null;
    if (soundCheck && !element.muted && !(await soundCheck)) {
      if (this.#superseded(element)) return;
      // Sound would be refused, though this element's play() might not say so: muted, as if it had.
      if (!element.muted) {
        element.muted = true;
        this.harness.onAudioBlocked();
      }
    }
    try {
      await element.play();
    } catch (error) {
      if (this.#superseded(element)) return;
      const name = (error as DOMException | undefined)?.name;
      if (name === 'AbortError') return; // superseded by a reload or a pause
      if (name === 'NotAllowedError' && !element.muted) {
        // Autoplay with sound refused: retry silently, and let the page show it muted.
        element.muted = true;
        this.harness.onAudioBlocked();
        try {
          await element.play();
          return;
        } catch {
          // even muted playback is refused
        }
      }
      if (this.#superseded(element)) return;
      this.#wantsPlay = false;
      element.pause();
      this.harness.onPausedChanged(true);
      this.harness.onPlaybackBlocked();
    }
  }

  /** A pause of the player's own (hidden tab, drift correction): the wish to play stays. */
  pauseInternally(): void {
    const element = this.harness.element();
    if (!element || element.paused) return;
    this.#internalPauses += 1;
    element.pause();
  }

  /** The element plays: whoever started it (native controls, a key), playback is wanted. */
  onPlaying(): void {
    this.#wantsPlay = true;
  }

  /**
   * The element paused; a pause we caused ourselves keeps the wish to play, and so does one the
   * element made with an error (`failed`: Chromium pauses an element whose decoder failed, and
   * the reload that answers the error must play again, not leave a frozen frame).
   */
  onPause(failed = false): void {
    if (this.#internalPauses > 0) this.#internalPauses -= 1;
    else if (!failed) this.#wantsPlay = false;
  }

  onEnded(): void {
    this.#wantsPlay = false;
  }

  destroy(): void {
    this.#destroyed = true;
    this.env.visibility.removeEventListener('visibilitychange', this.#onVisibility);
  }

  #superseded(element: IntentElement): boolean {
    return this.#destroyed || !this.#wantsPlay || element !== this.harness.element();
  }

  #visibilityChanged(): void {
    const element = this.harness.element();
    if (!element) return;
    if (this.env.visibility.hidden) {
      if (shouldPauseHiddenTab(this.env.userAgent, element.muted, element.volume)) this.pauseInternally();
    } else if (this.#wantsPlay && element.paused) {
      void this.attempt();
    }
  }
}
