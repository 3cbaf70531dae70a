import { PlayerState, type Player, type PlayerError, type PlayerStateObject } from '@onair/player';
import { playerErrorCopy } from '../lib/player-error-copy.ts';
import type { PlayerRequester } from '../player/player-requester.ts';
import { heardError } from './player-events.ts';

/**
 * The player.js protocol (embedly's cross-provider iframe protocol, spoken by Mux, Vimeo and
 * embed aggregators), answered beside our own (host-bridge.ts), so that a page using the
 * `player.js` library controls the embed unchanged. Its messages are JSON text with
 * `context: 'player.js'`; a getter is answered as an event named after the method, echoing
 * the `listener` id; events go only to the listeners a page added. Commands go through the
 * viewer's requester, as ours do (setVolume unmutes, …).
 *
 * Choices where the protocol says nothing of a live stream: `getDuration` and the
 * `timeupdate` duration are the live edge on the position's timeline (so a progress bar shows
 * the position near its end), and `setCurrentTime`/loop are not offered (`ready` lists what is).
 */

export const PLAYERJS_CONTEXT = 'player.js';
export const PLAYERJS_VERSION = '0.0.11';
/** As the element's timeupdate: four a second. */
export const TIMEUPDATE_INTERVAL_MS = 250;

const METHODS = [
  'play',
  'pause',
  'getPaused',
  'mute',
  'unmute',
  'getMuted',
  'setVolume',
  'getVolume',
  'getDuration',
  'getCurrentTime',
  'addEventListener',
  'removeEventListener',
] as const;
const EVENTS = ['ready', 'play', 'pause', 'ended', 'timeupdate', 'error'] as const;
type EventName = (typeof EVENTS)[number];

export interface PlayerJsHarness {
  /** Posts text to the framing page, at its origin only. */
  post(text: string): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

interface Message {
  method: (typeof METHODS)[number];
  value: unknown;
  listener: string | null;
}

/** A player.js method call, or null for anything else (our own protocol's objects included). */
export function parsePlayerJs(data: unknown): Message | null {
  if (typeof data !== 'string' || data.length > 1000) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { context, method, value, listener } = parsed as Record<string, unknown>;
  if (context !== PLAYERJS_CONTEXT || !(METHODS as readonly unknown[]).includes(method)) return null;
  const id = typeof listener === 'string' && listener.length <= 64 ? listener : null;
  return { method: method as Message['method'], value, listener: id };
}

type Attached = { player: Player; requester: PlayerRequester };

export class PlayerJsBridge {
  #attached: Attached | null = null;
  /** The page's listener ids, by event. */
  readonly #listeners = new Map<EventName, Set<string>>();

  /** `src`: the frame's URL as its page set it (player.js matches its iframe by it). */
  readonly #ready: Record<string, unknown>;

  constructor(
    private readonly harness: PlayerJsHarness,
    src: string,
  ) {
    this.#ready = { src, events: EVENTS, methods: METHODS };
  }

  #readySaid = false;

  /**
   * Says `ready`, once, whether or not anyone listens, as the protocol asks: when a command has
   * a player to reach (host-window.ts decides, as for our own protocol).
   */
  sayReady(): void {
    if (this.#readySaid) return;
    this.#readySaid = true;
    this.#send({ event: 'ready', value: this.#ready });
  }

  attach(player: Player, requester: PlayerRequester): () => void {
    const attached = { player, requester };
    this.#attached = attached;
    const heard = () => {
      const current = player.getState();
      const state = { ...current, error: heardError(current.error, this.#shownError) };
      return state;
    };
    let previous = heard();
    const onState = () => {
      const state = heard();
      if (state.paused !== previous.paused) this.#emit(state.paused ? 'pause' : 'play');
      if (state.state !== previous.state && state.state === PlayerState.Ended) this.#emit('ended');
      if (state.error && state.error !== previous.error) {
        this.#emit('error', { code: -1, msg: playerErrorCopy(state.error) });
      }
      previous = state;
    };
    const unsubscribe = player.subscribe(onState);
    this.#onErrorShown = onState;
    const timer = this.harness.setInterval(() => {
      const state = player.getState();
      if (state.state === PlayerState.Playing) this.#emit('timeupdate', timeOf(state));
    }, TIMEUPDATE_INTERVAL_MS);
    return () => {
      unsubscribe();
      this.harness.clearInterval(timer);
      if (this.#attached === attached) {
        this.#attached = null;
        this.#onErrorShown = null;
        this.#shownError = null;
      }
    };
  }

  /** The error the viewer's screen shows (a held one, heardError, is emitted now). */
  errorShown(error: PlayerError): void {
    this.#shownError = error;
    this.#onErrorShown?.();
  }

  #shownError: PlayerError | null = null;
  #onErrorShown: (() => void) | null = null;

  /** A message from the framing page (the harness has checked who sent it). */
  receive(data: unknown): void {
    const message = parsePlayerJs(data);
    if (!message) return;
    const { method, value, listener } = message;
    if (method === 'addEventListener' || method === 'removeEventListener') {
      if (!(EVENTS as readonly unknown[]).includes(value) || listener === null) return;
      const ids = this.#listeners.get(value as EventName) ?? new Set<string>();
      this.#listeners.set(value as EventName, ids);
      if (method === 'addEventListener') ids.add(listener);
      else ids.delete(listener);
      // A page whose player.js started after our ready went by asks for it: said again, to it.
      if (method === 'addEventListener' && value === 'ready' && this.#readySaid) {
        this.#send({ event: 'ready', listener, value: this.#ready });
      }
      return;
    }
    const attached = this.#attached;
    if (!attached) return;
    const state = attached.player.getState();
    const answer = (result: unknown) => this.#send({ event: method, listener, value: result });
    switch (method) {
      case 'play':
      case 'pause':
        attached.requester.request({ type: method });
        return;
      case 'mute':
      case 'unmute':
        attached.requester.request({ type: 'set-muted', muted: method === 'mute' });
        return;
      case 'setVolume': {
        const volume = Number(value);
        if (Number.isFinite(volume) && volume >= 0 && volume <= 100) {
          attached.requester.request({ type: 'set-volume', volume: volume / 100 });
        }
        return;
      }
      case 'getPaused':
        return answer(state.paused);
      case 'getMuted':
        return answer(state.muted);
      case 'getVolume':
        return answer(Math.round(state.volume * 100));
      case 'getDuration':
        return answer(timeOf(state).duration);
      case 'getCurrentTime':
        return answer(timeOf(state).seconds);
    }
  }

  #emit(event: EventName, value?: unknown): void {
    for (const listener of this.#listeners.get(event) ?? []) this.#send({ event, listener, value });
  }

  #send(fields: Record<string, unknown>): void {
    this.harness.post(JSON.stringify({ context: PLAYERJS_CONTEXT, version: PLAYERJS_VERSION, ...fields }));
  }
}

/** Position and duration; a live stream's duration is its edge (the seekable end) on the same timeline. */
function timeOf(state: Pick<PlayerStateObject, 'position' | 'duration' | 'seekable'>): {
  seconds: number;
  duration: number;
} {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const duration = Number.isFinite(state.duration) ? state.duration : (state.seekable?.end ?? state.position);
  return { seconds: round(state.position), duration: round(duration) };
}
