import { STATE_POLL_INTERVAL_MS } from '../types/constants.ts';
import type { PlayerEnvironment } from '../types/environment.ts';
import { ErrorCode, ErrorType, MESSAGES, type PlayerError } from '../types/errors.ts';
import { PlayerState, type PlayerStateObject } from '../types/state.ts';
import type { BufferingWatchdog } from './buffering-watchdog.ts';
import { readLiveSample } from './live-sample.ts';
import type { LoadSession } from './load-session.ts';
import type { PlaybackIntent } from './playback-intent.ts';
import type { RateController } from './rate-controller.ts';

/** What the sampler reads and drives: the current source, the element, and the parts it steers. */
export interface LiveSamplerHarness {
  env: Pick<PlayerEnvironment, 'now' | 'monotonic' | 'timers'>;
  session(): LoadSession | null;
  video(): HTMLVideoElement | null;
  /** The viewer went back in the live window: no catch-up, no drift correction (player-parts.ts). */
  rewound(): boolean;
  state(): PlayerStateObject;
  set(patch: Partial<PlayerStateObject>): void;
  intent: PlaybackIntent;
  rate: RateController;
  watchdog: BufferingWatchdog;
  onDriftCorrection(playlistPosition: number): void;
  onError(error: PlayerError): void;
}

/**
 * Every 500 ms while a source is loaded: statistics and live latency into the state, SPEC §4's
 * drift correction, catch-up steering, and the buffering watchdog's verdict. Runs from a
 * source's first `loaded` until the source ends or fails fatally.
 */
export class LiveSampler {
  #poll: unknown;

  constructor(private readonly harness: LiveSamplerHarness) {}

  start(): void {
    this.#poll ??= this.harness.env.timers.setInterval(() => this.sample(), STATE_POLL_INTERVAL_MS);
  }

  /**
   * The element began to play: a sample on the next tick, ahead of the poll. Catch-up steers
   * from the samples, and a start lands behind its target at the moment it plays; waiting for
   * the next poll (up to 500 ms, and the poll starts only once the player has loaded, after an
   * early start's first frame) left the start's lag there for up to a second more. Only while
   * polling: before its first `loaded` a source has nothing to sample.
   */
  sampleSoon(): void {
    if (this.#poll === undefined) return;
    this.harness.env.timers.setTimeout(() => {
      if (this.#poll !== undefined) this.sample();
    }, 0);
  }

  stop(): void {
    if (this.#poll !== undefined) this.harness.env.timers.clearInterval(this.#poll);
    this.#poll = undefined;
  }

  sample(): void {
    const { env, intent, rate, watchdog } = this.harness;
    const session = this.harness.session();
    const video = this.harness.video();
    if (!video || !session) return;
    const state = this.harness.state();
    const live = readLiveSample(session, video, env, state.liveLowLatencyEnabled);
    const monotonic = env.monotonic();
    const playing = state.state === PlayerState.Playing;
    const rewound = this.harness.rewound();
    if (playing && !rewound && session.driftCorrectionDue(monotonic, live.playlistPosition)) {
      // SPEC §4: pause, reload the source at the live edge, play (once loaded again).
      this.harness.onDriftCorrection(live.playlistPosition);
      intent.pauseInternally();
      session.reloadAtLiveEdge();
    }
    rate.steer({ latencyS: live.edgeS, targetS: rewound ? null : live.targetS, playing, bufferS: live.bufferS });
    const verdict = intent.wantsPlay ? watchdog.check(monotonic) : 'ok';
    const timeout = (message: string, fatal: boolean): PlayerError => ({
      ...{ type: ErrorType.Timeout, code: ErrorCode.BufferingTimeout, source: 'buffering' },
      ...{ message, fatal },
    });
    if (verdict === 'fatal') return this.harness.onError(timeout(MESSAGES.bufferingTimeoutFatal, true));
    if (verdict === 'reload') {
      this.harness.onError(timeout(MESSAGES.bufferingTimeout, false));
      if (session.sink.isLive()) session.reloadAtLiveEdge();
    }
    this.harness.set(live.patch);
  }
}
